/**
 * The engine's typed vocabulary for the learned decision: detector and claim-finding names, the
 * pre-0.8 decision rules (now features), participant kinds, and every feature's plain-words text
 * (a verdict's `reasons` quote these). A detector whose name is not listed still becomes a feature
 * (`det:<name>`); it only reads with a generic sentence until it is added here.
 */
import type { ParticipantKind } from "./participants";

export type DetectorName =
  | "tool-failure"
  | "false-success-claim"
  | "ungrounded-value"
  | "contradiction"
  | "instruction-drift"
  | "abandoned-verification"
  | "repetition-loop"
  | "premature-termination"
  | "budget-exhaustion"
  | "ground-truth-divergence"
  | "unmet-instruction"
  | "miscomputed-aggregate"
  | "empty-reply"
  | "missing-state"
  | "unfounded-rejection"
  | "request-reversal"
  | "closing-request"
  | "premature-stop"
  | "ignored-reversal"
  | "requested-departure"
  | "unrequested-departure"
  | "overreaching-call"
  | "unconfirmed-action"
  | "llm-judge"
  | ClaimFindingName;

export type ClaimFindingName =
  | "unsourced-value"
  | "contradicts-source"
  | "arithmetic-mismatch"
  | "fabricated-data"
  | "dropped-constraint"
  | "contradicts-output"
  | "unsupported-answer"
  | "misreported-tally"
  | "overruled-consensus"
  | "overruled-majority"
  | "unfounded-ruling"
  | "wrong-extreme"
  | "unit-mismatch";

export type RuleName =
  | "value-provenance"
  | "answer-origin"
  | "approved-origin"
  | "earliest-but-for"
  | "earliest-of-minimal-fix-set"
  | "exposure-tiebreak"
  | "exposure-prior"
  | "request-carried-out"
  | "largest-blame-flow";

export const RULE_NAMES: readonly RuleName[] = [
  "value-provenance",
  "answer-origin",
  "approved-origin",
  "earliest-but-for",
  "earliest-of-minimal-fix-set",
  "exposure-tiebreak",
  "exposure-prior",
  "request-carried-out",
  "largest-blame-flow",
];

/** Rules that name a suspect without evidence at the step (a prior): its confidence is capped. */
export const PRIOR_RULE_NAMES: readonly RuleName[] = ["exposure-prior", "request-carried-out", "largest-blame-flow"];

export const STATIC_FEATURES = [
  "fault",
  "origin",
  "inherited",
  "p-bad",
  "cf:flips",
  "cf:fix-set",
  "cf:responsibility",
  "reach:outcome",
  "flow:absorbed",
  "pos:relative",
  "pos:first",
  "pos:last",
  "pos:agent-first",
  "pos:agent-last",
  "pos:first-flagged",
  "text:length",
  "text:numbers",
  "text:code",
  "text:substantive",
  "agent:work-share",
  "agent:most-active",
  "agent:first",
  "agent:last",
  "agent:flagged-share",
  "rule:co-origin",
  "rule:dead-end",
  "rule:approver",
  "rule:final",
] as const;

export const detectorFeature = (name: string) => `det:${name}`;
export const answerFeature = (name: string) => `answer:${name}`;
export const ruleFeature = (name: RuleName) => `rule:${name}`;
export const kindFeature = (kind: ParticipantKind) => `kind:${kind}`;

const DETECTOR_TEXT: Record<DetectorName, string> = {
  "tool-failure": "a tool call it made failed or returned nothing",
  "false-success-claim": "it claimed success that the evidence does not show",
  "ungrounded-value": "it states values nothing before it supports",
  contradiction: "it contradicts an earlier statement",
  "instruction-drift": "its reply drifts from the instruction it was given",
  "abandoned-verification": "it approved without checking",
  "repetition-loop": "it repeats itself in a loop",
  "premature-termination": "it ended the run before the task was done",
  "budget-exhaustion": "a token, time or turn budget ran out here",
  "ground-truth-divergence": "its answer differs from the known correct answer",
  "unmet-instruction": "it did not do what it was asked",
  "miscomputed-aggregate": "it miscomputed an aggregate",
  "empty-reply": "its reply is empty",
  "missing-state": "it read state that was never written",
  "unfounded-rejection": "it rejected work without giving a reason",
  "request-reversal": "it withdrew its own request after the agent had acted on it",
  "closing-request": "it asked the agent to act in the turn that ended the run",
  "premature-stop": "it stopped the team's work while work was still outstanding",
  "ignored-reversal": "it kept acting on a request the user had withdrawn",
  "requested-departure": "it asked for the values of the first call that departs from the expected actions",
  "unrequested-departure":
    "it made the first call that departs from the expected actions, with values no request named",
  "overreaching-call": "its call removed more than the request before it named",
  "unconfirmed-action": "it made a change its policy asks the user to confirm first, with no confirmation",
  "llm-judge": "an LLM judge flagged it",
  "unsourced-value": "it put forward a value no source supports",
  "contradicts-source": "it misquotes the source it cites",
  "arithmetic-mismatch": "its arithmetic does not add up",
  "fabricated-data": "it uses placeholder or invented data",
  "dropped-constraint": "it dropped a constraint of the task",
  "contradicts-output": "it states a result that the tool or program output it read does not show",
  "unsupported-answer": "it answers with a name that no output or step it could see holds",
  "misreported-tally":
    "it misreported the count of the answers it tallied, and the true count does not favour its pick",
  "overruled-consensus": "it ruled against answers that all agreed and that a tool output showed",
  "overruled-majority": "it ruled for an answer fewer of the answers it weighed gave than another",
  "unfounded-ruling": "it ruled for a value none of the answers it weighed proposed",
  "wrong-extreme": "it picked as the most or least an option that another option's stated figure beats",
  "unit-mismatch": "it passed on a number without converting it to the unit the task asks in",
};

const STATIC_TEXT: Record<string, string> = {
  fault: "the detectors' combined fault score is high",
  origin: "its fault is not inherited from an earlier step",
  inherited: "it inherits corrupted input from an earlier step",
  "p-bad": "the propagation model finds it likely corrupted",
  "cf:flips": "repairing this step alone makes the run succeed",
  "cf:fix-set": "it is part of the minimal set of repairs that make the run succeed",
  "cf:responsibility": "it carries responsibility in the step repair game",
  "reach:outcome": "its output reaches the run's outcome",
  "flow:absorbed": "backward blame flow from the outcome stops here",
  "pos:relative": "its position in the run",
  "pos:first": "it is the first candidate step",
  "pos:last": "it is the last candidate step",
  "pos:agent-first": "it is this agent's first step",
  "pos:agent-last": "it is this agent's last step",
  "pos:first-flagged": "it is the earliest step any detector flagged",
  "text:length": "the length of its message",
  "text:numbers": "it asserts numbers",
  "text:code": "it writes code",
  "text:substantive": "it does substantive work",
  "agent:work-share": "its agent does a large share of the work",
  "agent:majority": "its agent does most of the run's work",
  "agent:not-worker": "its agent directs, checks or poses the work rather than doing it",
  "run:chance": "few agents share the run's activity, so even a guess would often name the right one",
  "run:participants": "how many agents take part",
  "run:effective-agents": "how many agents the run's work is spread over",
  "agent:most-active": "its agent is the most active",
  "agent:first": "its agent acts first",
  "agent:last": "its agent acts last",
  "agent:flagged-share": "many of its agent's steps are flagged",
  "rule:co-origin": "it is an independent origin of a wrong value",
  "rule:dead-end": "it walked into a dead end",
  "rule:approver": "it approved what turned out wrong",
  "rule:final": "the rule-based decision of engine 0.7 names this step",
  "rule:value-provenance": "it is the earliest origin of a wrong or unsupported value that reaches the answer",
  "rule:answer-origin": "it first put forward the concluded wrong answer",
  "rule:answer-origin:computed":
    "it put forward, with no source, the numbers the concluded wrong answer was computed from",
  "rule:approved-origin": "it put forward what a later approval accepted without checking",
  "rule:earliest-but-for": "it is the earliest fault whose repair alone flips the outcome",
  "rule:earliest-of-minimal-fix-set": "it is the earliest of the faults that must all be repaired",
  "rule:exposure-tiebreak": "the exposure prior chose it among several agents' faults",
  "rule:exposure-prior": "the exposure prior names it (the agent with the most work)",
  "rule:request-carried-out": "the agent's last change carried out what this turn of the simulated user asked",
  "rule:largest-blame-flow": "most of the backward blame flow ends here",
};

const KIND_TEXT: Record<ParticipantKind, string> = {
  "task-giver": "it poses the task",
  harness: "it is the harness",
  environment: "it returns tool or program output",
  "simulated-user": "it is the (simulated) user",
  orchestrator: "it directs the other agents",
  worker: "it is a worker",
  verifier: "it checks others' work",
};

/** The plain-words reading of a feature, for `reasons`. */
export function featureText(name: string): string {
  if (name.startsWith("det:"))
    return DETECTOR_TEXT[name.slice(4) as DetectorName] ?? `the ${name.slice(4)} detector fired`;
  if (name.startsWith("answer:")) {
    const what = DETECTOR_TEXT[name.slice(7) as DetectorName] ?? name.slice(7);
    return `${what}, and the value reaches the final answer`;
  }
  if (name.startsWith("kind:")) return KIND_TEXT[name.slice(5) as ParticipantKind] ?? name.slice(5);
  return STATIC_TEXT[name] ?? name;
}

/** Features that describe where a step sits or who its agent is, not what it did wrong. */
export function isContextFeature(name: string): boolean {
  return name.startsWith("pos:") || name.startsWith("agent:") || name.startsWith("kind:") || name.startsWith("text:");
}
