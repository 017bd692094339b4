/**
 * Evaluation records: a trace with everything that holds the answer removed (labels, ground
 * truth) and the gold culprit kept beside it. Built from Who&When records or synthetic runs.
 */
import { importTrace } from "../importers/index";
import { parseChatSpeaker } from "../importers/chat/parse-chat-speaker";
import type { TOutcome, TTrace } from "../trace/schema";
import type { SyntheticLabel } from "../synthetic/types";
import type { ImporterRule } from "../importers/importer-rules";

export interface EvalRecord {
  id: string;
  subset: string;
  /** The trace the engine sees: no labels, no ground truth. */
  trace: TTrace;
  outcome: TOutcome;
  /** The task's correct answer, given to the engine only in the "with ground truth" setting. */
  groundTruth?: string;
  gold: {
    /** The labelled culprit agent (the first origin on multi-origin synthetic runs). */
    agent?: string;
    /** Every agent counted as a correct answer (k-of-N voting: each wrong voter). */
    agents: string[];
    /** Step ids counted as a correct decisive step. */
    stepIds: string[];
  };
  /** Synthetic only: the last victim that carried the wrong value; the fault kind. */
  lastTouchAgent?: string;
  rubberStampAgent?: string;
  fault?: string;
  topology?: string;
}

/** Record fields that hold the answer: never handed to the engine (they would land in `run.attributes`). */
const LABEL_ATTRIBUTES = ["mistake_agent_aliases", "mistake_type", "mistake_reason", "mistake_agent", "mistake_step"];

/** Removes what the engine must not see and returns the stripped trace plus the ground truth. */
function strip(trace: TTrace): { trace: TTrace; groundTruth?: string } {
  const { groundTruth, ...run } = trace.run;
  if (run.attributes) {
    const attributes = { ...run.attributes };
    for (const key of LABEL_ATTRIBUTES) delete attributes[key];
    run.attributes = attributes;
  }
  return { trace: { ...trace, run, labels: [] }, groundTruth };
}

/** Role-space labels name a role that several speakers fill (see the multi-source SOURCE.md). */
function aliasesOf(text: string): string[] {
  const raw = (JSON.parse(text) as { mistake_agent_aliases?: unknown }).mistake_agent_aliases;
  return Array.isArray(raw)
    ? raw.filter((x): x is string => typeof x === "string").map((x) => parseChatSpeaker(x).agent)
    : [];
}

/**
 * A Who&When-layout record. The right agent is the label, any of its aliases, or the speaker of the
 * labelled step (a role-space label names the role; the step names who filled it).
 */
export function whoAndWhenRecord(
  text: string,
  fileName: string,
  subset: string,
  ablate?: readonly ImporterRule[],
): EvalRecord {
  const { trace } = importTrace(text, { format: "who-and-when", fileName, ablate });
  const label = trace.labels[0];
  const { trace: seen, groundTruth } = strip(trace);
  const speaker = label?.stepId ? trace.steps.find((s) => s.id === label.stepId)?.agent : undefined;
  const agents = label?.agent ? [label.agent, ...aliasesOf(text), ...(speaker ? [speaker] : [])] : [];
  return {
    id: fileName,
    subset,
    trace: seen,
    outcome: trace.run.outcome,
    groundTruth,
    gold: { agent: label?.agent, agents: [...new Set(agents)], stepIds: label?.stepId ? [label.stepId] : [] },
  };
}

export function syntheticRecord(otlpText: string, label: SyntheticLabel, subset = "synthetic"): EvalRecord {
  const { trace } = importTrace(otlpText, { format: "otlp", fileName: label.file });
  const { trace: seen } = strip(trace);
  return {
    id: label.file,
    subset,
    trace: seen,
    outcome: trace.run.outcome,
    groundTruth: label.expectedAnswer,
    gold: { agent: label.culpritAgent, agents: label.culpritAgents, stepIds: label.decisiveStepIds },
    lastTouchAgent: label.lastTouchAgent,
    rubberStampAgent: label.rubberStampAgent,
    fault: label.fault,
    topology: label.topology,
  };
}
