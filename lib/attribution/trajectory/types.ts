/**
 * Trajectory metrics: what a run cost and how it was spent, beside who caused its failure.
 * Plain JSON, part of the analysis report as `trajectory` (definitions in docs/methods.md).
 */

export interface TrajectoryFlag {
  /** Stable identifier of the kind of finding, e.g. "redundant-tokens", "rubber-stamp". */
  kind: string;
  severity: "info" | "warn";
  message: string;
  /** Steps the flag is about (the run page selects them on click); at most 200. */
  stepIds: string[];
  agent?: string;
}

export interface AgentTrajectory {
  agent: string;
  steps: number;
  tokens: number;
  /** Share of the run's counted tokens (words when the trace has no token counts). */
  tokenShare: number;
  blame: number;
  blamePer1kTokens: number | null;
  importance: number;
  /** Counted tokens of this agent's messages that nearly repeat an earlier message. */
  redundantTokens: number;
  verificationSteps: number;
  rubberStamps: number;
}

export interface TrajectoryReport {
  size: {
    steps: number;
    agents: number;
    /** Agents that produced at least one step. */
    activeAgents: number;
    tokens: { input: number; output: number; total: number };
    /** "tokens" when the trace records token counts, else "words" (the shares below use words). */
    tokenBasis: "tokens" | "words";
    costUsd: number | null;
    wallTimeMs: number | null;
    criticalPathMs: number | null;
  };
  tools: { calls: number; errors: number; recovered: number; ignored: number; retries: number };
  verification: {
    steps: number;
    tokens: number;
    /** Verification tokens / all tokens: what checking cost. */
    costShare: number;
    sourcedChecks: number;
    rubberStamps: number;
    /** Rubber stamps / verification steps (0 when nothing was verified). */
    collapseRate: number;
    /** Collapse rate per quarter of the run (null where a quarter holds no verification). */
    collapseByQuarter: (number | null)[];
  };
  redundancy: {
    nearDuplicateMessages: number;
    /** Counted tokens of near-duplicate messages / all counted tokens. */
    nearDuplicateTokenShare: number;
    repeatedToolCalls: number;
    /** Stretches where two agents alternate ≥ 4 turns without new information. */
    loops: number;
    loopSteps: number;
  };
  delegation: {
    handoffs: number;
    /** Most distinct agents one agent delegated to. */
    maxFanOut: number;
    /** Agent messages no edge leads away from (null when the trace has no edges at all). */
    unreadMessages: number | null;
  };
  memory: {
    writes: number;
    reads: number;
    unreadWrites: number;
    staleReads: number;
    overwrittenWrites: number;
    sharedKeys: number;
  };
  perAgent: AgentTrajectory[];
  flags: TrajectoryFlag[];
}
