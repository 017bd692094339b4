/**
 * The run page's answer in one sentence, then its evidence: who, at which step, what they did and
 * how it reached the output ("Researcher (step 4) stated 1532 with no source right after its tool
 * call failed; it reached the answer through Analyst and Writer."). Built from the report's
 * structure (decisive step, claims, detectors, channel path, the optional `suspects` and
 * `reasons`), never by editing the engine's verdict text: no ids, no engine jargon, at most
 * HARD_MAX characters. The CLI and the exports use the same function.
 */
import type { AnalysisReport } from "../attribution/types";
import { humanizeStepRefs, labelOf, stepPositions } from "./step-number";
import {
  claimPhrase,
  confidenceWord,
  decisionValue,
  detectorPhrase,
  INTERACTION_EXPLANATION,
  PRIOR_REASON,
  RULE_EXPLANATION,
  type PhraseClaim,
  type PhraseDetector,
} from "./headline-phrases";
import { headlineEvidence, type EvidenceBullet } from "./headline-evidence";

/** Sentences longer than this are shortened when a shorter form exists. */
export const SOFT_MAX = 140;
/** No sentence is longer than this. */
export const HARD_MAX = 160;

export type HeadlineKind = "culprit" | "suspect" | "undetermined" | "passed" | "unknown";

export interface Headline {
  kind: HeadlineKind;
  sentence: string;
  /** The agent the sentence names (culprit or top suspect), and its step. */
  agent: string | null;
  stepId: string | null;
  /** Other agents the engine holds responsible with the named one (said as co-culprits). */
  coCulprits: string[];
  evidence: EvidenceBullet[];
  /** How the engine decided, in plain words ("Why this verdict"). */
  why: string[];
  confidence: "High" | "Medium" | "Low" | null;
}

/** What the sentence is built from: the report's fields, with the decisive step's findings. */
export interface HeadlineInput {
  outcome: string;
  decisionSource?: "evidence" | "prior" | "undetermined";
  decisive: { agent: string; stepId: string; confidence: number } | null;
  rule?: string;
  wrongValues: string[];
  /** For a computed wrong answer traced to the decisive step's numbers: the step that computed it. */
  computedAt?: string;
  channelPath: { fromAgent: string; toAgent: string }[];
  interaction: string;
  agents: { agent: string; role: string }[];
  decisiveDetectors: PhraseDetector[];
  decisiveClaims: PhraseClaim[];
  suspects?: { agent: string; stepId: string; probability?: number }[];
  reasons?: { feature: string; text: string; stepIds: string[]; quote?: string; weight: number }[];
  /** Step id → 0-based position in the trace. */
  positions: ReadonlyMap<string, number>;
}

/** The headline input of a full report (its steps are in trace order). */
export function headlineInput(report: AnalysisReport): HeadlineInput {
  const d = report.decisive;
  const step = d ? report.steps.find((s) => s.stepId === d.stepId) : undefined;
  const extra = report as AnalysisReport & Pick<HeadlineInput, "suspects" | "reasons">;
  return {
    outcome: report.outcome,
    ...(report.decisionSource ? { decisionSource: report.decisionSource } : {}),
    decisive: d ? { agent: d.agent, stepId: d.stepId, confidence: d.confidence } : null,
    ...(report.decision ? { rule: report.decision.rule } : {}),
    wrongValues: report.decision?.wrongValues ?? [],
    ...(report.decision?.computedAtStepId ? { computedAt: report.decision.computedAtStepId } : {}),
    channelPath: report.channelPath,
    interaction: report.interaction.class,
    agents: report.agents.map((a) => ({ agent: a.agent, role: a.role })),
    decisiveDetectors: (step?.detectors ?? []).map((x) => ({ name: x.name, note: x.evidence.note })),
    decisiveClaims: (report.claims ?? []).filter((c) => d && c.stepId === d.stepId).slice(0, 5),
    ...(Array.isArray(extra.suspects) ? { suspects: extra.suspects.slice(0, 5) } : {}),
    ...(Array.isArray(extra.reasons) ? { reasons: extra.reasons.slice(0, 5) } : {}),
    positions: stepPositions(report.steps.map((s) => s.stepId)),
  };
}

/** The headline of a full report. */
export function reportHeadline(report: AnalysisReport): Headline {
  return buildHeadline(headlineInput(report));
}

export function buildHeadline(input: HeadlineInput): Headline {
  const kind = headlineKind(input);
  const d = input.decisive;
  const named = kind === "culprit" || kind === "suspect" ? d : null;
  const coCulprits = named
    ? input.agents.filter((a) => a.role === "culprit" && a.agent !== named.agent).map((a) => a.agent)
    : [];
  const sentence = fit(candidates(kind, input));
  return {
    kind,
    sentence,
    agent: named?.agent ?? input.suspects?.[0]?.agent ?? null,
    stepId: named?.stepId ?? input.suspects?.[0]?.stepId ?? null,
    coCulprits,
    evidence: named ? headlineEvidence(input) : [],
    why: whyLines(kind, input, coCulprits),
    confidence: named && kind === "culprit" ? confidenceWord(named.confidence) : null,
  };
}

function headlineKind(input: HeadlineInput): HeadlineKind {
  if (input.outcome === "success") return "passed";
  if (!input.decisive || input.decisionSource === "undetermined")
    return input.outcome === "unknown" && !input.suspects?.length ? "unknown" : "undetermined";
  if (input.outcome === "unknown" || input.decisionSource === "prior") return "suspect";
  return "culprit";
}

/** Sentence forms from the fullest to the shortest; `fit` takes the first that is short enough. */
function candidates(kind: HeadlineKind, input: HeadlineInput): string[] {
  if (kind === "passed") return ["The run succeeded; no agent is blamed."];
  if (kind === "unknown")
    return ["Outcome unknown and no fault found; mark the run failed or passed to get a verdict."];
  if (kind === "undetermined") return undeterminedForms(input);
  const d = input.decisive!;
  const who = `${d.agent} (${labelOf(input.positions, d.stepId)})`;
  if (input.decisionSource === "prior") {
    const reason = PRIOR_REASON[input.rule ?? ""];
    return [
      ...(reason ? [`Weak suspect: ${who}, ${reason}; no detector found a fault.`] : []),
      `Weak suspect: ${who}; no detector found a fault.`,
    ];
  }
  const prefix = kind === "suspect" ? "Suspect (outcome unknown): " : "";
  const whats = whatForms(input);
  const reaches = reachForms(input);
  const out: string[] = [];
  // Keep the path (how it reached the output) longer than the detail of what the step did.
  for (const reach of reaches) for (const what of whats) out.push(`${prefix}${who} ${what}${reach}.`);
  return out;
}

function undeterminedForms(input: HeadlineInput): string[] {
  const top = (input.suspects ?? []).slice(0, 2).map((s) => {
    const p = s.probability !== undefined ? `, ${Math.round(s.probability * 100)}%` : "";
    return `${s.agent} (${labelOf(input.positions, s.stepId)}${p})`;
  });
  if (top.length === 0) return ["Undetermined: nothing in the trace explains the failure, so no agent is named."];
  const unknown = input.outcome === "unknown" ? "Outcome unknown; " : "Undetermined: ";
  const forms = [`${unknown}no single cause is clear. Top suspects: ${top.join(" and ")}.`];
  if (top.length > 1) forms.push(`${unknown}no single cause is clear. Top suspect: ${top[0]}.`);
  return forms;
}

/** What the decisive step did, fullest first. */
function whatForms(input: HeadlineInput): string[] {
  const claim = input.decisiveClaims.find((c) => c.reachesAnswer) ?? input.decisiveClaims[0];
  const detector = detectorPhrase(input.decisiveDetectors, input.positions);
  const falseSuccess = input.decisiveDetectors.some((x) => x.name === "false-success-claim");
  const forms: string[] = [];
  if (claim) {
    const said = claimPhrase(claim, input.positions);
    if (falseSuccess) forms.push(`${said} right after its tool call failed`);
    forms.push(said);
  } else if (detector) forms.push(detector);
  else if (input.rule === "answer-origin" && input.computedAt)
    forms.push(
      `put forward ${listOf(
        input.wrongValues.map((x) => `“${decisionValue(x)}”`),
        3,
      )} with no source, from which ${labelOf(input.positions, input.computedAt)} computed the wrong answer`,
      "put forward the numbers the wrong answer was computed from",
    );
  else if (input.rule === "answer-origin")
    forms.push(
      input.wrongValues[0]
        ? `first put forward the wrong answer “${decisionValue(input.wrongValues[0])}”`
        : "first put forward the wrong answer",
      "first put forward the wrong answer",
    );
  else forms.push("made the error the failure goes back to");
  return forms;
}

/** How it reached the output, fullest first; the last form says nothing. */
function reachForms(input: HeadlineInput): string[] {
  const culprit = input.decisive!.agent;
  const agents = [...new Set(input.channelPath.map((h) => h.toAgent))].filter((a) => a !== culprit);
  const reaches =
    input.decisiveClaims.some((c) => c.reachesAnswer) ||
    input.rule === "value-provenance" ||
    input.rule === "answer-origin";
  const subject = input.decisiveClaims.some((c) => /^n:/.test(c.value)) ? "the number" : "it";
  if (agents.length === 0) return reaches ? ["; it reached the final answer", ""] : [""];
  const verb = reaches ? `${subject} reached the answer through` : "the error travelled on to";
  const forms = [`; ${verb} ${listOf(agents, 3)}`];
  if (agents.length > 1) forms.push(`; ${verb} ${agents.length} agents`);
  forms.push("");
  return forms;
}

/** "A", "A and B", "A, B and C", "A, B and 3 more". */
export function listOf(items: readonly string[], max: number): string {
  if (items.length <= 1) return items[0] ?? "";
  if (items.length <= max) return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
  return `${items.slice(0, max - 1).join(", ")} and ${items.length - max + 1} more`;
}

/** The first form within SOFT_MAX, else within HARD_MAX, else the shortest cut at a word. */
export function fit(forms: readonly string[]): string {
  const soft = forms.find((f) => f.length <= SOFT_MAX);
  if (soft) return soft;
  const hard = forms.find((f) => f.length <= HARD_MAX);
  if (hard) return hard;
  const shortest = forms.reduce((a, b) => (b.length < a.length ? b : a));
  const cut = shortest.slice(0, HARD_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > HARD_MAX / 2 ? cut.slice(0, space) : cut).replace(/[;,.\s]+$/, "")}…`;
}

function whyLines(kind: HeadlineKind, input: HeadlineInput, coCulprits: string[]): string[] {
  if (kind === "passed")
    return ["The run succeeded, so no agent is blamed; credit is split by each agent's contribution."];
  if (kind === "unknown") return ["The trace does not say whether the run failed, and no detector found a fault."];
  const lines: string[] = [];
  if (kind === "suspect" && input.outcome === "unknown")
    lines.push("The trace does not say whether the run failed, so the named agent is a suspect, not a root cause.");
  const ruleKey = input.rule === "answer-origin" && input.computedAt ? "answer-origin:computed" : (input.rule ?? "");
  const rule = input.decisionSource === "undetermined" ? RULE_EXPLANATION.none : RULE_EXPLANATION[ruleKey];
  if (rule) lines.push(rule);
  for (const r of input.reasons ?? []) lines.push(humanizeStepRefs(r.text, input.positions));
  if (coCulprits.length)
    lines.push(
      `Fixing the named step alone is not enough: ${listOf(coCulprits, 4)} ${coCulprits.length === 1 ? "shares the blame as co-culprit" : "share the blame as co-culprits"}.`,
    );
  // The interaction class describes how the error crossed agents: said only when it did.
  const interaction = input.channelPath.length ? INTERACTION_EXPLANATION[input.interaction] : null;
  if (interaction && kind !== "undetermined") lines.push(interaction);
  if (input.decisive && kind !== "undetermined")
    lines.push(
      `Confidence: ${confidenceWord(input.decisive.confidence).toLowerCase()} (${Math.round(input.decisive.confidence * 100)}%).`,
    );
  return lines;
}
