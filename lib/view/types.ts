/**
 * The data a run page renders: the canonical trace (content possibly clipped for huge runs), the
 * newest analysis and the labels. Plain JSON so a server component can hand it to the client.
 */
import type { AnalysisReport } from "../attribution/types";
import type { TAgent, TEdgeKind, TOutcome, TStep } from "../trace/schema";

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

export interface ViewRun {
  id: string;
  title: string;
  system: string | null;
  task: string | null;
  outcome: TOutcome;
  sourceFormat: string;
  groundTruth: string | null;
  finalAnswer: string | null;
  stepCount: number;
  agentCount: number;
  edgeCount: number;
  totalTokens: number;
  createdAt: string;
  warnings: string[];
}

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
