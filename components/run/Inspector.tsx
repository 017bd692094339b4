"use client";
import type { ReportIndex } from "@/lib/view/index-report";
import { agentStanding, STANDING_LABEL, STANDING_ROLE } from "@/lib/view/agent-standing";
import type { RunPageData, ViewEdge } from "@/lib/view/types";
import type { Selection } from "@/lib/view/view-state";
import { formatCount } from "@/lib/format/numbers";
import { percent, responsibilityValue } from "@/lib/view/engine-facts";
import { SelectLink, useHumanize, useStepLabel } from "./SelectLink";
import { TextBlock } from "./TextBlock";
import { StepInspector } from "./inspector/StepInspector";
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
  if (selection.type === "step")
    return <StepInspector data={data} index={index} stepId={selection.id} detailUrl={stepDetailUrl} />;
  if (selection.type === "agent") return <AgentInspector data={data} index={index} agent={selection.id} />;
  return <EdgeInspector data={data} index={index} edgeIds={resolveEdgeIds(selection.id)} selectedId={selection.id} />;
}

function Help() {
  return (
    <div className={styles.help} data-testid="inspector-empty">
      <p>Select a step, agent or edge on the canvas, the timeline or the agent list.</p>
      <p>
        <kbd>j</kbd>/<kbd>k</kbd> or <kbd>→</kbd>/<kbd>←</kbd> next/previous step · <kbd>f</kbd> first error ·{" "}
        <kbd>d</kbd> decisive step (or top suspect) · <kbd>m</kbd> switch Agents/Steps · <kbd>Esc</kbd> clear
      </p>
    </div>
  );
}

function AgentInspector({ data, index, agent }: { data: RunPageData; index: ReportIndex; agent: string }) {
  const meta = data.agents.find((a) => a.name === agent);
  const stepLabel = useStepLabel();
  const humanize = useHumanize();
  if (!meta) return <p className={styles.help}>Agent “{agent}” is not in this run.</p>;
  const report = index.agentById.get(agent);
  const steps = data.steps.filter((s) => s.agent === agent);
  const flagged = steps.filter((s) => (index.stepById.get(s.id)?.detectorCount ?? 0) > 0 || s.status === "error");
  return (
    <div data-testid="inspector" data-agent={agent}>
      <h2>Agent {agent}</h2>
      <div className="row" style={{ gap: 6, marginBottom: 8 }}>
        <span className={`badge ${STANDING_ROLE[agentStanding(index, agent)]}`}>
          {STANDING_LABEL[agentStanding(index, agent)]}
        </span>
      </div>
      {meta.role ? <p className={styles.help}>{meta.role}</p> : null}
      {meta.description ? <TextBlock text={meta.description} /> : null}
      <dl className={styles.kv}>
        <dt>steps</dt>
        <dd>{steps.length}</dd>
        {report ? (
          <>
            <dt title="The agent's share of the failure's blame (the shares of all agents add up to 100%)">
              share of the blame
            </dt>
            <dd>
              {percent(report.blame)}
              {report.blameCi ? ` (likely ${percent(report.blameCi[0])}–${percent(report.blameCi[1])})` : ""}
            </dd>
            <dt>tokens</dt>
            <dd>{formatCount(report.tokens)}</dd>
            <dt title="The share of the blame divided by the thousands of tokens the agent used">
              blame per 1k tokens
            </dt>
            <dd>{report.blamePer1kTokens?.toFixed(2) ?? "—"}</dd>
            <dt title="How much the run's outcome depends on this agent's work">importance</dt>
            <dd>
              {percent(report.importance)}
              {report.lowImportance ? " (low)" : ""}
            </dd>
            <dt title="The largest degree of responsibility among the agent's steps (1 in k+1: k other steps must be fixed with it)">
              responsibility
            </dt>
            <dd>{responsibilityValue(report.responsibility)}</dd>
            <dt title="Steps of this agent whose fix alone changes the outcome">steps that alone decide</dt>
            <dd>{report.counterfactualFlips}</dd>
          </>
        ) : null}
      </dl>
      {report?.evidence.note ? <p className={styles.help}>{humanize(report.evidence.note)}</p> : null}
      {report?.evidence.stepIds.length ? (
        <div className={styles.evidence}>
          {report.evidence.stepIds.map((id) => (
            <SelectLink key={id} selection={{ type: "step", id }} testId="evidence-link">
              → {stepLabel(id)}
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

function EdgeInspector({
  data,
  index,
  edgeIds,
  selectedId,
}: {
  data: RunPageData;
  index: ReportIndex;
  edgeIds: string[];
  selectedId: string;
}) {
  const edges = edgeIds.map((id) => data.edges.find((e) => e.id === id)).filter((e): e is ViewEdge => Boolean(e));
  if (edges.length === 0) return <p className={styles.help}>Edge “{selectedId}” is not in this run.</p>;
  const agentOf = new Map(data.steps.map((s) => [s.id, s.agent]));
  return (
    <div data-testid="inspector" data-edge={selectedId}>
      <h2>{edges.length === 1 ? `${edges[0].kind} edge` : `${edges.length} edges`}</h2>
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
