/**
 * The data a run page renders: the canonical trace (content possibly clipped for huge runs), the
 * newest analysis and the labels. Plain JSON so a server component can hand it to the client.
 */
import type { AnalysisReport, StepReport } from "../attribution/types";
import type { TAgent, TEdgeKind, TStep } from "../trace/schema";
import type { Run } from "../generated/prisma/browser";
import type { Jsonified, RunDetailField } from "./run-row";
import type { Headline } from "./headline";

/** A trace step as the page sees it; `clipped` lists the text fields shortened for transport. */
export type ViewStep = TStep & { clipped?: string[] };

/** A trace edge with the id the engine uses for it (`e<index>`, or `inferred<index>`). */
export interface ViewEdge {
  id: string;
  from: string;
  to: string;
  kind: TEdgeKind;
  key?: string;
  evidence: string;
  confidence: number;
  /** True when the trace stated no edges and the view (like the engine) assumed consecutive messages. */
  inferred?: boolean;
}

export type AnalysisStatus = "queued" | "running" | "done" | "failed";

export interface ViewAnalysis {
  id: string;
  status: AnalysisStatus;
  progress: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface ViewLabel {
  id: string;
  agent: string | null;
  stepId: string | null;
  note: string | null;
  author: string;
  imported: boolean;
  createdAt: string;
}

/** The run as the run page shows it: the schema's run row (fields named in run-row.ts), dates as strings. */
export type ViewRun = Jsonified<Pick<Run, RunDetailField>> & { warnings: string[] };

export interface RunViewData {
  run: ViewRun;
  agents: TAgent[];
  steps: ViewStep[];
  edges: ViewEdge[];
  /** Newest analysis row (any status), or null when none was ever scheduled. */
  analysis: ViewAnalysis | null;
  /** Result of the newest *finished* analysis (may be older than `analysis` while a re-run is going). */
  report: AnalysisReport | null;
  labels: ViewLabel[];
}

/**
 * A step as the run page first receives it: what the canvas, timeline and keyboard need, long text
 * cut to a preview. Field names follow `TStep`, so full steps satisfy the same builder inputs.
 * The inspector loads the full step on selection (`StepDetail`).
 */
export interface StepSummary {
  id: string;
  agent: string;
  kind: TStep["kind"];
  status: TStep["status"];
  name?: string;
  /** First characters of the content (or error, or tool result), whitespace collapsed. */
  preview: string;
  tool?: { name: string };
  state?: { op: "read" | "write"; key: string };
  target?: string;
  error?: { type?: string; message: string };
  tokens?: { total: number };
}

/** What the step builders read from a step: satisfied by both `ViewStep` and `StepSummary`. */
export interface CanvasStep {
  id: string;
  agent: string;
  kind: string;
  status?: string;
  name?: string;
  preview?: string;
  content?: string;
  tool?: { name: string; result?: string };
  state?: { key: string };
  error?: { message: string };
  tokens?: { input?: number; output?: number; total?: number };
}

/** The engine's verdict on one step, reduced to what marks and navigation need. */
export interface StepBrief {
  stepId: string;
  agent: string;
  fault: number;
  corrupted: boolean;
  onPath: boolean;
  detectorCount: number;
}

/**
 * The parts of an `AnalysisReport` the run page renders up front (verdict, blame, path, per-step
 * marks). Per-step detectors, counterfactuals and training data are loaded with the step detail.
 */
export interface ReportSummary {
  /** The one-sentence verdict and its evidence (lib/view/headline.ts); absent in summaries cached before it. */
  headline?: Headline;
  outcome?: AnalysisReport["outcome"];
  decisionSource?: AnalysisReport["decisionSource"];
  decisive: AnalysisReport["decisive"];
  /** Ranked suspects of an undetermined verdict (at most 5, most likely first); absent when it names a root cause. */
  suspects?: { agent: string; stepId: string; probability: number }[];
  agents: AnalysisReport["agents"];
  propagationPath: string[];
  channelPath: AnalysisReport["channelPath"];
  interaction: AnalysisReport["interaction"];
  verdict: string;
  config: { faultThreshold: number };
  flags: {
    tokenBudgetConfound: AnalysisReport["flags"]["tokenBudgetConfound"];
    falseSuccessClaimCount: number;
    /** Added in engine 0.5; absent in older reports. */
    verificationCollapsed?: boolean;
    tokenShareConfounds?: AnalysisReport["flags"]["tokenShareConfounds"];
  };
  /** Steps chosen as corrective attempts (`corrective-over-passive` preference pairs). */
  repairStepIds: string[];
  steps: StepBrief[];
  /** Trajectory metrics (bounded in size: flags list at most 200 steps each); absent before engine 0.5. */
  trajectory?: AnalysisReport["trajectory"];
  /**
   * Set when a large run's window shipped only part of `propagationPath` and `channelPath` (see
   * lib/view/step-window.ts): their whole-run lengths, and every agent a hop reached.
   */
  trimmed?: { pathLength: number; hopCount: number; hopAgents: string[] };
}

/**
 * Whole-run overview of a large run, binned so its size does not grow with the run: per agent,
 * how many steps (and failed steps) fall into each bin of `binSize` consecutive step indexes.
 */
export interface StepDensity {
  binSize: number;
  bins: number;
  lanes: { agent: string; steps: number[]; errors: number[] }[];
}

/**
 * Present when the page carries only a window of a large run's steps: `steps[0]` is the run's step
 * number `offset` (0-based), the run has `total` steps, and `density` draws the rest on the timeline.
 */
export interface StepWindow {
  offset: number;
  total: number;
  density: StepDensity;
  /** Whole-run interactions between different agents (edges counted per from-agent, to-agent, kind), for Agents mode. */
  agentLinks: AgentLink[];
}

export interface AgentLink {
  from: string;
  to: string;
  kind: TEdgeKind;
  count: number;
}

/** What the run page (and share page) sends the browser: summaries only. */
export interface RunPageData {
  run: ViewRun;
  agents: TAgent[];
  /** All steps, or (large runs, see `window`) a contiguous window of them. */
  steps: StepSummary[];
  /** Edges between the shipped steps. */
  edges: ViewEdge[];
  analysis: ViewAnalysis | null;
  report: ReportSummary | null;
  /** Why the shown report should be re-analyzed (older engine or schema), else null. */
  reportStale?: string | null;
  labels: ViewLabel[];
  /** Set when `steps` is a window of a larger run (absent: `steps` is the whole run). */
  window?: StepWindow;
}

/** What a large run's window is chosen around: the brushed step range, else a selected step. */
export interface RunPageFocus {
  range?: [number, number] | null;
  stepId?: string | null;
}

/** What can change on a run page (read per request and rendered with the page). */
export type RunPageShell = Pick<RunPageData, "run" | "analysis" | "labels">;

/**
 * The immutable rest of a run page for one finished analysis and window: fetched by the browser as
 * JSON (`/api/runs/:id/view`, `/s/:token/view`) rather than inlined in the page (decision 0019).
 */
export type RunPageBody = Omit<RunPageData, keyof RunPageShell>;

/** One step in full, with the engine's findings on it, for the inspector. */
export interface StepDetail {
  step: ViewStep;
  report: StepReport | null;
}
