"use client";
import { useQuery } from "@tanstack/react-query";
import type { DetectorFinding } from "@/lib/attribution/types";
import { stepMark, type ReportIndex } from "@/lib/view/index-report";
import type { RunPageData, StepDetail, ViewEdge } from "@/lib/view/types";
import type { Selection } from "@/lib/view/view-state";
import { MARK_TAG } from "@/components/canvas/nodes/mark-tag";
import { formatCount } from "@/lib/format/numbers";
import { SelectLink } from "./SelectLink";
import { TextBlock, prettyJson } from "./TextBlock";
import styles from "./run.module.css";

export interface InspectorProps {
  data: RunPageData;
  /** URL prefix the full step is fetched from (`<prefix><stepId>`): the run's API, or the share link's. */
  stepDetailUrl: string;
  index: ReportIndex;
  selection: Selection;
  /** Edges shown for a merged canvas edge (group or agent level). */
  resolveEdgeIds: (edgeId: string) => string[];
}

/** Details of the selected step, agent or edge. All trace text is rendered as text. */
export function Inspector({ data, stepDetailUrl, index, selection, resolveEdgeIds }: InspectorProps) {
  if (!selection) return <Help />;
  if (selection.type === "step") return <StepInspector data={data} index={index} stepId={selection.id} detailUrl={stepDetailUrl} />;
  if (selection.type === "agent") return <AgentInspector data={data} index={index} agent={selection.id} />;
  return <EdgeInspector data={data} index={index} edgeIds={resolveEdgeIds(selection.id)} selectedId={selection.id} />;
}

function Help() {
  return (
    <div className={styles.help} data-testid="inspector-empty">
      <p>Select a step, agent or edge on the canvas, the timeline or the agent list.</p>
      <p>
        <kbd>j</kbd>/<kbd>k</kbd> or <kbd>→</kbd>/<kbd>←</kbd> next/previous step · <kbd>f</kbd> first error · <kbd>d</kbd> decisive step · <kbd>m</kbd> switch
        Agents/Steps · <kbd>Esc</kbd> clear
      </p>
    </div>
  );
}

/** The full step and its findings, fetched on selection (the page itself ships summaries only). */
function useStepDetail(detailUrl: string, stepId: string, known: boolean) {
  return useQuery({
    queryKey: ["step-detail", detailUrl, stepId],
    enabled: known,
    staleTime: Infinity,
    queryFn: async (): Promise<StepDetail> => {
      const res = await fetch(`${detailUrl}${encodeURIComponent(stepId)}`);
      if (!res.ok) throw new Error(res.status === 404 ? "This step is no longer available." : `Could not load the step (HTTP ${res.status}).`);
      return (await res.json()) as StepDetail;
    },
  });
}

function StepInspector({ data, index, stepId, detailUrl }: { data: RunPageData; index: ReportIndex; stepId: string; detailUrl: string }) {
  const pos = data.steps.findIndex((s) => s.id === stepId);
  const summary = data.steps[pos];
  const detail = useStepDetail(detailUrl, stepId, summary !== undefined);
  if (!summary)
    return (
      <p className={styles.help}>
        {data.window
          ? `Step “${stepId}” is outside the loaded steps; clear the timeline range to load the steps around it.`
          : `Step “${stepId}” is not in this run.`}
      </p>
    );
  const full = detail.data?.step;
  const report = detail.data?.report ?? null;
  const mark = stepMark(index, summary.id, summary.status);
  const incoming = data.edges.filter((e) => e.to === summary.id);
  const outgoing = data.edges.filter((e) => e.from === summary.id);
  const tokens = full?.tokens?.total ?? ((full?.tokens?.input ?? 0) + (full?.tokens?.output ?? 0) || summary.tokens?.total || undefined);
  // Until the full step arrives, show what the summary has (name, kind, status, error start).
  const step = full ?? summary;
  return (
    <div data-testid="inspector" data-step={step.id}>
      <h2>
        Step {step.id} · #{pos + 1}
      </h2>
      <div className="row" style={{ gap: 6, marginBottom: 8 }}>
        <SelectLink selection={{ type: "agent", id: step.agent }}>{step.agent}</SelectLink>
        <span className="badge unknown">{step.kind}</span>
        {step.status === "error" ? <span className="badge failure">! error</span> : null}
        {MARK_TAG[mark] ? <span className={`badge mark-${mark}`}>{MARK_TAG[mark]}</span> : null}
      </div>
      <dl className={styles.kv}>
        {step.name ? (
          <>
            <dt>name</dt>
            <dd>{step.name}</dd>
          </>
        ) : null}
        {full?.sourceRef ? (
          <>
            <dt>source ref</dt>
            <dd className="mono">{full.sourceRef}</dd>
          </>
        ) : null}
        {tokens ? (
          <>
            <dt>tokens</dt>
            <dd>{formatCount(tokens)}</dd>
          </>
        ) : null}
        {full?.startTime ? (
          <>
            <dt>start</dt>
            <dd>{full.startTime}</dd>
          </>
        ) : null}
        {step.target ? (
          <>
            <dt>target</dt>
            <dd>
              <SelectLink selection={{ type: "agent", id: step.target }}>{step.target}</SelectLink>
            </dd>
          </>
        ) : null}
        {step.state ? (
          <>
            <dt>state</dt>
            <dd>
              {step.state.op} <code>{step.state.key}</code>
            </dd>
          </>
        ) : null}
      </dl>
      {report ? (
        <div className={styles.section} data-testid="inspector-engine">
          <h3>Engine</h3>
          <dl className={styles.kv}>
            <dt>fault</dt>
            <dd>{report.fault.toFixed(2)}</dd>
            <dt>responsibility</dt>
            <dd>{report.responsibility.toFixed(2)}</dd>
            <dt>reward</dt>
            <dd>{report.reward.toFixed(2)}</dd>
            <dt>if fixed</dt>
            <dd data-testid="counterfactual">
              {report.counterfactual.flips ? "run succeeds (but-for cause)" : "outcome unchanged"}
              {report.counterfactual.note ? ` — ${report.counterfactual.note}` : ""}
            </dd>
            <dt>path</dt>
            <dd>{report.onPath ? "on the propagation path" : report.corrupted ? "reached by corruption" : "not on the path"}</dd>
          </dl>
          {report.detectors.length ? <h3>Detectors that fired</h3> : <p className={styles.help}>No detector fired on this step.</p>}
          {report.detectors.map((d) => (
            <DetectorCard key={d.name} finding={d} />
          ))}
        </div>
      ) : null}
      {step.error ? (
        <div className={styles.section}>
          <h3>Error{step.error.type ? ` (${step.error.type})` : ""}</h3>
          <TextBlock text={step.error.message} />
        </div>
      ) : null}
      {full ? (
        <>
          <div className={styles.section}>
            <h3>Content</h3>
            <TextBlock text={full.content || "(empty)"} testId="step-content" />
            {full.clipped ? <p className={styles.help}>Clipped for display: {full.clipped.join(", ")}. Export the report for the full text.</p> : null}
          </div>
          {full.input ? (
            <div className={styles.section}>
              <h3>Input</h3>
              <TextBlock text={full.input} />
            </div>
          ) : null}
          {full.tool ? (
            <div className={styles.section}>
              <h3>Tool {full.tool.name}</h3>
              {full.tool.arguments !== undefined ? <TextBlock text={prettyJson(full.tool.arguments)} /> : null}
              {full.tool.result !== undefined ? <TextBlock text={full.tool.result} /> : null}
            </div>
          ) : null}
          {full.state?.value ? (
            <div className={styles.section}>
              <h3>State value</h3>
              <TextBlock text={full.state.value} />
            </div>
          ) : null}
        </>
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
      <EdgeList title="Incoming" edges={incoming} end="from" />
      <EdgeList title="Outgoing" edges={outgoing} end="to" />
      {full?.attributes ? (
        <div className={styles.section}>
          <h3>Attributes</h3>
          <TextBlock text={prettyJson(full.attributes)} />
        </div>
      ) : null}
    </div>
  );
}

function DetectorCard({ finding }: { finding: DetectorFinding }) {
  return (
    <div className={styles.detector} data-testid="detector">
      <div>
        <strong>{finding.name}</strong> {finding.score.toFixed(2)}
        {finding.mast ? <span className="muted"> · {finding.mast}</span> : null}
      </div>
      {finding.evidence.note ? <div className={styles.note}>{finding.evidence.note}</div> : null}
      <div className={styles.evidence}>
        {finding.evidence.stepIds.map((id) => (
          <SelectLink key={`s:${id}`} selection={{ type: "step", id }} testId="evidence-link">
            → step {id}
          </SelectLink>
        ))}
        {(finding.evidence.edgeIds ?? []).map((id) => (
          <SelectLink key={`e:${id}`} selection={{ type: "edge", id }} testId="evidence-link">
            → edge {id}
          </SelectLink>
        ))}
      </div>
    </div>
  );
}

function EdgeList({ title, edges, end }: { title: string; edges: ViewEdge[]; end: "from" | "to" }) {
  if (edges.length === 0) return null;
  return (
    <div className={styles.section}>
      <h3>
        {title} ({edges.length})
      </h3>
      <ul style={{ margin: 0, paddingLeft: 18, fontSize: 13 }}>
        {edges.slice(0, 30).map((e) => (
          <li key={e.id}>
            <SelectLink selection={{ type: "edge", id: e.id }}>
              {e.kind}
              {e.key ? ` [${e.key}]` : ""}
            </SelectLink>{" "}
            {end} <SelectLink selection={{ type: "step", id: e[end] }} />
          </li>
        ))}
        {edges.length > 30 ? <li className="muted">… {edges.length - 30} more</li> : null}
      </ul>
    </div>
  );
}

function AgentInspector({ data, index, agent }: { data: RunPageData; index: ReportIndex; agent: string }) {
  const meta = data.agents.find((a) => a.name === agent);
  if (!meta) return <p className={styles.help}>Agent “{agent}” is not in this run.</p>;
  const report = index.agentById.get(agent);
  const steps = data.steps.filter((s) => s.agent === agent);
  const flagged = steps.filter((s) => (index.stepById.get(s.id)?.detectorCount ?? 0) > 0 || s.status === "error");
  return (
    <div data-testid="inspector" data-agent={agent}>
      <h2>Agent {agent}</h2>
      <div className="row" style={{ gap: 6, marginBottom: 8 }}>
        {report ? <span className={`badge ${report.role}`}>{report.role}</span> : null}
        {index.victims.has(agent) ? <span className="badge propagator">↯ victim</span> : null}
      </div>
      {meta.role ? <p className={styles.help}>{meta.role}</p> : null}
      {meta.description ? <TextBlock text={meta.description} /> : null}
      <dl className={styles.kv}>
        <dt>steps</dt>
        <dd>{steps.length}</dd>
        {report ? (
          <>
            <dt>blame</dt>
            <dd>
              {report.blame.toFixed(3)}
              {report.blameCi ? ` (CI ${report.blameCi[0].toFixed(2)}–${report.blameCi[1].toFixed(2)})` : ""}
            </dd>
            <dt>tokens</dt>
            <dd>{formatCount(report.tokens)}</dd>
            <dt>blame / 1k tok</dt>
            <dd>{report.blamePer1kTokens?.toFixed(3) ?? "—"}</dd>
            <dt>importance</dt>
            <dd>
              {report.importance.toFixed(3)}
              {report.lowImportance ? " (low)" : ""}
            </dd>
            <dt>responsibility</dt>
            <dd>{report.responsibility.toFixed(2)}</dd>
            <dt>but-for steps</dt>
            <dd>{report.counterfactualFlips}</dd>
          </>
        ) : null}
      </dl>
      {report?.evidence.note ? <p className={styles.help}>{report.evidence.note}</p> : null}
      {report?.evidence.stepIds.length ? (
        <div className={styles.evidence}>
          {report.evidence.stepIds.map((id) => (
            <SelectLink key={id} selection={{ type: "step", id }} testId="evidence-link">
              → step {id}
            </SelectLink>
          ))}
        </div>
      ) : null}
      <div className={styles.section}>
        <h3>Flagged steps ({flagged.length})</h3>
        <div className={styles.evidence}>
          {flagged.slice(0, 50).map((s) => (
            <SelectLink key={s.id} selection={{ type: "step", id: s.id }} />
          ))}
        </div>
      </div>
    </div>
  );
}

function EdgeInspector({ data, index, edgeIds, selectedId }: { data: RunPageData; index: ReportIndex; edgeIds: string[]; selectedId: string }) {
  const edges = edgeIds.map((id) => data.edges.find((e) => e.id === id)).filter((e): e is ViewEdge => Boolean(e));
  if (edges.length === 0) return <p className={styles.help}>Edge “{selectedId}” is not in this run.</p>;
  const agentOf = new Map(data.steps.map((s) => [s.id, s.agent]));
  return (
    <div data-testid="inspector" data-edge={selectedId}>
      <h2>{edges.length === 1 ? `Edge ${edges[0].id}` : `${edges.length} edges`}</h2>
      {edges.slice(0, 20).map((e) => (
        <div key={e.id} className={styles.section}>
          <dl className={styles.kv}>
            <dt>kind</dt>
            <dd>
              {e.kind}
              {e.key ? ` — key ${e.key}` : ""}
              {e.inferred ? " (inferred)" : ""}
            </dd>
            <dt>from</dt>
            <dd>
              <SelectLink selection={{ type: "step", id: e.from }} /> ({agentOf.get(e.from)})
            </dd>
            <dt>to</dt>
            <dd>
              <SelectLink selection={{ type: "step", id: e.to }} /> ({agentOf.get(e.to)})
            </dd>
            <dt>confidence</dt>
            <dd>{e.confidence.toFixed(2)}</dd>
            <dt>corruption</dt>
            <dd>{index.pathEdges.has(e.id) ? "travelled along this edge" : "—"}</dd>
          </dl>
          {e.evidence ? <TextBlock text={e.evidence} /> : null}
        </div>
      ))}
    </div>
  );
}
