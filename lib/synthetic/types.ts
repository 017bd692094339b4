/** Topologies, fault kinds and the ground-truth label the generator writes beside each run. */

export const TOPOLOGIES = ["pipeline", "orchestrator", "shared-memory", "voting"] as const;
export type Topology = (typeof TOPOLOGIES)[number];

export const FAULT_KINDS = [
  "none", // passing control
  "misquoted-tool-value", // tool said 2996, the agent wrote 2945
  "fabricated-value", // a value no input or tool supports
  "bad-arithmetic", // a stated sum that does not recompute
  "ignored-tool-error", // the tool failed, the agent claims it worked and states a value
  "corrupted-memory-write", // a wrong value written to shared memory, read later
  "wrong-voters", // k of N voters wrong (a majority, so the vote is wrong)
  "minority-wrong-voters", // control: k of N voters wrong but outvoted, the run succeeds
  "wrong-aggregation", // the aggregator announces a value the votes do not support
  "dropped-constraint", // the orchestrator/planner delegates without a constraint of the task
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Which faults each topology can inject (the generator cycles through these pairs). */
export const TOPOLOGY_FAULTS: Record<Topology, readonly FaultKind[]> = {
  pipeline: [
    "none",
    "misquoted-tool-value",
    "fabricated-value",
    "bad-arithmetic",
    "ignored-tool-error",
    "dropped-constraint",
  ],
  orchestrator: [
    "none",
    "misquoted-tool-value",
    "fabricated-value",
    "bad-arithmetic",
    "ignored-tool-error",
    "dropped-constraint",
  ],
  "shared-memory": ["none", "corrupted-memory-write", "fabricated-value", "bad-arithmetic", "ignored-tool-error"],
  voting: ["none", "minority-wrong-voters", "wrong-voters", "wrong-aggregation"],
};

/**
 * Ground truth for one run, kept outside the trace (in `labels.json`): nothing the engine reads
 * contains it. Step ids are OTLP span ids, which the OTLP importer keeps as step ids.
 */
export interface SyntheticLabel {
  file: string;
  seed: string;
  topology: Topology;
  fault: FaultKind;
  outcome: "success" | "failure";
  /** The correct answer (for the "with ground truth" setting of the evaluation). */
  expectedAnswer: string;
  finalAnswer: string;
  /** The agent whose step introduced the wrong value; undefined on passing runs. */
  culpritAgent?: string;
  /** The step (span id) where the wrong value first appears. */
  decisiveStepId?: string;
  /**
   * The wrong value as the decisive step states it (digits only; messages may add thousands
   * separators). Undefined when the decisive step is an instruction that drops a constraint.
   */
  wrongValue?: string;
  /** The agent span that contains the decisive step (a container, never itself the origin). */
  decisiveContainerStepId?: string;
  /** Every agent that independently introduced a wrong value (k-of-N voting); else [culpritAgent]. */
  culpritAgents: string[];
  /** The decisive step of each agent in `culpritAgents`, same order. */
  decisiveStepIds: string[];
  /** The last agent other than the culprit whose output carried the wrong value (a victim). */
  lastTouchAgent?: string;
  /** A reviewer/verifier that approved the wrong value afterwards (a missed check, not the culprit). */
  rubberStampAgent?: string;
  /** Agents in the run (excluding the non-agent workflow root). */
  agents: string[];
  distractors: string[];
  note: string;
}
