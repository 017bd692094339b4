"use client";
import { stepMark, type ReportIndex } from "@/lib/view/index-report";
import type { RunPageData, StepSummary, ViewStep } from "@/lib/view/types";
import { stepTitle } from "@/lib/view/step-number";
import { markTag } from "@/components/canvas/nodes/mark-tag";
import { formatCount } from "@/lib/format/numbers";
import { SelectLink } from "../SelectLink";
import { EngineSection } from "./EngineSection";
import { EdgeList } from "./EdgeList";
import { StepContent } from "./StepContent";
import { useStepDetail } from "./use-step-detail";
import styles from "../run.module.css";

/**
 * One step: "Step N · agent", its kind and mark, the engine's findings, then its content shown as
 * messages or text with the verdict's quotes marked. Ids (step id, source ref) only in the details.
 */
export function StepInspector({
  data,
  index,
  stepId,
  detailUrl,
}: {
  data: RunPageData;
  index: ReportIndex;
  stepId: string;
  detailUrl: string;
}) {
  const pos = data.steps.findIndex((s) => s.id === stepId);
  const summary = data.steps[pos];
  const detail = useStepDetail(detailUrl, stepId, summary !== undefined);
  if (!summary)
    return (
      <p className={styles.help}>
        {data.window
          ? "This step is outside the loaded steps; clear the timeline range to load the steps around it."
          : "This step is not in this run."}
      </p>
    );
  const full = detail.data?.step;
  const report = detail.data?.report ?? null;
  const mark = stepMark(index, summary.id, summary.status);
  const tag = markTag(mark, index.suspectRank.get(summary.id));
  // Until the full step arrives, show what the summary has (name, kind, status, error start).
  const step = full ?? summary;
  const highlights = (data.report?.headline?.evidence ?? [])
    .filter((b) => b.stepId === stepId && b.quote)
    .map((b) => b.quote!);
  return (
    <div data-testid="inspector" data-step={step.id}>
      <h2 data-testid="inspector-title">
        {stepTitle((data.window?.offset ?? 0) + pos)} · {step.agent}
      </h2>
      <div className="row" style={{ gap: 6, marginBottom: 8 }}>
        <SelectLink selection={{ type: "agent", id: step.agent }}>{step.agent}</SelectLink>
        <span className="badge unknown">{step.kind}</span>
        {step.status === "error" ? <span className="badge failure">! error</span> : null}
        {tag ? (
          <span className={`badge mark-${mark}`} data-testid="inspector-mark" data-mark={mark}>
            {tag}
          </span>
        ) : null}
      </div>
      <StepFacts step={step} full={full} summary={summary} />
      {report ? <EngineSection report={report} /> : null}
      {step.error ? (
        <div className={styles.section}>
          <h3>Error{step.error.type ? ` (${step.error.type})` : ""}</h3>
          <StepContent text={step.error.message} />
        </div>
      ) : null}
      {full ? (
        <StepTexts full={full} highlights={highlights} />
      ) : (
        <div className={styles.section}>
          <h3>Content</h3>
          {detail.isError ? (
            <p className={styles.help} role="alert">
              {detail.error.message}
            </p>
          ) : (
            <p className={styles.help} data-testid="step-loading">
              {summary.preview || "…"} <span className="muted">(loading the full step)</span>
            </p>
          )}
        </div>
      )}
      <EdgeList title="Incoming" edges={data.edges.filter((e) => e.to === summary.id)} end="from" />
      <EdgeList title="Outgoing" edges={data.edges.filter((e) => e.from === summary.id)} end="to" />
      {full?.attributes ? (
        <details className={styles.section}>
          <summary>Attributes</summary>
          <StepContent text={JSON.stringify(full.attributes)} />
        </details>
      ) : null}
    </div>
  );
}

function StepFacts({
  step,
  full,
  summary,
}: {
  step: ViewStep | StepSummary;
  full: ViewStep | undefined;
  summary: StepSummary;
}) {
  const tokens =
    full?.tokens?.total ??
    ((full?.tokens?.input ?? 0) + (full?.tokens?.output ?? 0) || summary.tokens?.total || undefined);
  const rows: [string, React.ReactNode][] = [];
  if (step.name) rows.push(["name", step.name]);
  if (tokens) rows.push(["tokens", formatCount(tokens)]);
  if (step.target)
    rows.push([
      "target",
      <SelectLink key="t" selection={{ type: "agent", id: step.target }}>
        {step.target}
      </SelectLink>,
    ]);
  if (step.state)
    rows.push([
      "state",
      <span key="s">
        {step.state.op} <code>{step.state.key}</code>
      </span>,
    ]);
  return (
    <>
      <dl className={styles.kv}>
        {rows.map(([k, v]) => (
          <Row key={k} k={k} v={v} />
        ))}
      </dl>
      <details className={styles.section} data-testid="step-ids">
        <summary className="muted">Details</summary>
        <dl className={styles.kv}>
          <Row k="step id" v={<span className="mono">{step.id}</span>} />
          {full?.sourceRef ? <Row k="source ref" v={<span className="mono">{full.sourceRef}</span>} /> : null}
          {full?.startTime ? <Row k="start" v={full.startTime} /> : null}
        </dl>
      </details>
    </>
  );
}

function Row({ k, v }: { k: string; v: React.ReactNode }) {
  return (
    <>
      <dt>{k}</dt>
      <dd>{v}</dd>
    </>
  );
}

function StepTexts({ full, highlights }: { full: ViewStep; highlights: string[] }) {
  return (
    <>
      <div className={styles.section}>
        <h3>Content</h3>
        <StepContent text={full.content || "(empty)"} highlights={highlights} testId="step-content" />
        {full.clipped ? (
          <p className={styles.help}>
            Clipped for display: {full.clipped.join(", ")}. Export the report for the full text.
          </p>
        ) : null}
      </div>
      {full.input ? (
        <div className={styles.section}>
          <h3>Input</h3>
          <StepContent text={full.input} />
        </div>
      ) : null}
      {full.tool ? (
        <div className={styles.section}>
          <h3>Tool {full.tool.name}</h3>
          {full.tool.arguments !== undefined ? <StepContent text={JSON.stringify(full.tool.arguments)} /> : null}
          {full.tool.result !== undefined ? <StepContent text={full.tool.result} highlights={highlights} /> : null}
        </div>
      ) : null}
      {full.state?.value ? (
        <div className={styles.section}>
          <h3>State value</h3>
          <StepContent text={full.state.value} />
        </div>
      ) : null}
    </>
  );
}
