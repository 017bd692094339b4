/** The alternative synthetic suite: topologies, fault kinds, wire formats and the label kept beside each run. */

export const ALT_TOPOLOGIES = ["chain", "manager", "debate", "blackboard", "review-loop"] as const;
export type AltTopology = (typeof ALT_TOPOLOGIES)[number];

export const ALT_FAULTS = [
  "none",
  "fabricated-value",
  "misquoted-output",
  "wrong-arithmetic",
  "ignored-tool-error",
  "dropped-constraint",
  "wrong-verdict",
  "corrupted-memory-write",
  "contradiction-into-tool",
  "false-success",
  "unchecked-approval",
] as const;
export type AltFault = (typeof ALT_FAULTS)[number];

/** Which faults each topology injects. */
export const ALT_TOPOLOGY_FAULTS: Record<AltTopology, readonly AltFault[]> = {
  chain: [
    "none",
    "fabricated-value",
    "misquoted-output",
    "wrong-arithmetic",
    "ignored-tool-error",
    "contradiction-into-tool",
    "false-success",
  ],
  manager: [
    "none",
    "dropped-constraint",
    "fabricated-value",
    "misquoted-output",
    "ignored-tool-error",
    "wrong-arithmetic",
    "false-success",
  ],
  debate: ["none", "wrong-verdict", "fabricated-value", "misquoted-output"],
  blackboard: [
    "none",
    "corrupted-memory-write",
    "fabricated-value",
    "wrong-arithmetic",
    "ignored-tool-error",
    "contradiction-into-tool",
  ],
  "review-loop": ["none", "unchecked-approval", "contradiction-into-tool", "false-success", "misquoted-output"],
};

/** How a run reaches the engine: a canonical trace, an OpenAI-style message log, or the Who&When layout. */
export type AltWire = "canonical" | "messages" | "who-and-when";

export interface AltLabel {
  file: string;
  seed: string;
  topology: AltTopology;
  fault: AltFault;
  wire: AltWire;
  outcome: "success" | "failure";
  expectedAnswer: string;
  finalAnswer: string;
  /** Every agent that introduced the error (the first is the primary culprit); empty on passing runs. */
  culpritAgents: string[];
  /** The decisive step id of each culprit, in the imported trace's ids. */
  decisiveStepIds: string[];
  /** The last agent other than the culprit whose output carried the error. */
  lastTouchAgent?: string;
  /** A reviewer that approved the error without checking it (a missed check, never the culprit). */
  rubberStampAgent?: string;
  /** Whether the rubber stamp's approval restates any value. */
  approvalRestates?: boolean;
  agents: string[];
  note: string;
}
