/**
 * Plain-word pieces of the run page's one-sentence verdict (headline.ts): what the decisive step
 * did, by the detector or claim that found it, and why the engine chose it, by its decision rule.
 * The engine's own notes are written for its logs; these are written for a person.
 */
import { humanizeStepRefs, labelOf } from "./step-number";

export interface PhraseClaim {
  detector: string;
  value: string;
  quote: string;
  reachesAnswer: boolean;
  sourceStepId?: string;
}

export interface PhraseDetector {
  name: string;
  note: string;
}

/** A value as the sentence shows it: the quoted text, URLs without their scheme, at most 32 characters. */
export function shortValue(text: string): string {
  const flat = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^https?:\/\//, "");
  return flat.length > 32 ? `${flat.slice(0, 31)}…` : flat;
}

/** The value behind a decision's wrong value ("n:1532", "e:brunei darussalam"): its text part. */
export function decisionValue(wrong: string): string {
  return shortValue(wrong.replace(/^[a-z]:/, ""));
}

/** What a claim says the step did ("stated 1532 with no source"). */
export function claimPhrase(claim: PhraseClaim, positions: ReadonlyMap<string, number>): string {
  const v = shortValue(claim.quote || claim.value.replace(/^[a-z]:/, ""));
  switch (claim.detector) {
    case "contradicts-source":
      return claim.sourceStepId
        ? `stated ${v}, contradicting ${labelOf(positions, claim.sourceStepId)}`
        : `stated ${v}, contradicting its source`;
    case "contradicts-output":
      return claim.sourceStepId
        ? `stated ${v}, which ${labelOf(positions, claim.sourceStepId)} did not output`
        : `stated ${v}, which its output did not show`;
    case "unsupported-answer":
      return `answered ${v}, which no source it read holds`;
    case "misreported-tally":
      return `declared ${v} the winner on a miscounted tally`;
    case "overruled-consensus":
      return claim.sourceStepId
        ? `ruled for ${v}, against agreeing answers ${labelOf(positions, claim.sourceStepId)} supports`
        : `ruled for ${v}, against agreeing answers`;
    case "unfounded-ruling":
      return `ruled for ${v}, which none of the answers it weighed proposed`;
    case "overruled-majority":
      return `ruled for ${v}, which fewer of the answers it weighed gave than another`;
    case "wrong-extreme":
      return `picked ${v}, which another option's stated figure beats`;
    case "unit-mismatch":
      return `passed on ${v} without converting its unit`;
    case "arithmetic-mismatch":
      return `computed ${v}, which does not add up`;
    case "fabricated-data":
      return `made up the data ${v}`;
    case "dropped-constraint":
      return `dropped the constraint ${v}`;
    case "unsourced-value":
      // An unsourced value with a source step is one passed on after its author withdrew it there.
      return claim.sourceStepId
        ? `passed on ${v} after ${labelOf(positions, claim.sourceStepId)} withdrew it`
        : `stated ${v} with no source`;
    default:
      return `stated ${v} with no source`;
  }
}

/** Detectors whose finding the sentence can say; the first that fired on the step is used. */
const DETECTOR_ORDER = [
  "contradiction",
  "unmet-instruction",
  "instruction-drift",
  "tool-failure",
  "false-success-claim",
  "ground-truth-divergence",
  "ungrounded-value",
  "requested-departure",
  "unrequested-departure",
  "request-reversal",
  "ignored-reversal",
  "closing-request",
  "unconfirmed-action",
  "premature-stop",
];

/** What a detector says the step did, or null when none of the known detectors fired. */
export function detectorPhrase(
  detectors: readonly PhraseDetector[],
  positions: ReadonlyMap<string, number>,
): string | null {
  for (const name of DETECTOR_ORDER) {
    const d = detectors.find((x) => x.name === name);
    if (!d) continue;
    const note = humanizeStepRefs(firstClause(d.note), positions);
    const phrase = phraseOf(name, note);
    if (phrase) return phrase;
  }
  // Any other detector: its note's first clause, whole; the headline's `fit` shortens the sentence
  // at a word if it must (a fixed cut here ended sentences mid-word).
  const other = detectors[0];
  return other ? humanizeStepRefs(firstClause(other.note), positions) || null : null;
}

function phraseOf(name: string, note: string): string | null {
  let m: RegExpExecArray | null;
  switch (name) {
    case "contradiction":
      m = /^says (.+?) is (.+?), but (.+?) established (.+)$/.exec(note);
      return m ? `said ${m[1]} is ${shortValue(m[2])} although ${m[3]} said ${shortValue(m[4])}` : note;
    case "unmet-instruction":
      m = /did not deliver what (.+?) asked/.exec(note);
      return m ? `did not deliver what ${m[1]} asked` : note;
    case "instruction-drift":
      m = /instruction in (.+)$/.exec(note);
      if (m) return `ignored the instruction from ${m[1]}`;
      m = /introduces (.+?), found/.exec(note);
      return m ? `passed on ${shortValue(m[1])}, found nowhere before` : note;
    case "tool-failure":
      return /returned nothing/.test(note) ? "made a tool call that returned nothing" : "made a tool call that failed";
    case "false-success-claim":
      return "claimed success right after its tool call failed";
    case "ground-truth-divergence":
      m = /introduces (.+?), which/.exec(note);
      return m ? `introduced ${shortValue(m[1])}, which ends up in the wrong answer` : note;
    case "requested-departure":
      m = /asked for the (.+?) that (.+?) then passed in (\S+?),/.exec(note);
      return m
        ? `asked for the ${m[1]} that ${m[2]} then passed in ${m[3]}, departing from the expected actions`
        : note;
    case "unrequested-departure":
      m = /'s (\S+) departs from the expected actions in (.+?), values/.exec(note);
      return m ? `passed ${m[2]} in ${m[1]} that depart from the expected actions and no request named` : note;
    case "closing-request":
      return "asked the agent to act in the turn that ended the run";
    case "unconfirmed-action":
      m = /calls (\S+), /.exec(note);
      return `called ${m?.[1] ?? "a change"} without the confirmation its policy asks for`;
    case "premature-stop":
      m = /(?:with|mentioned) "([^"]+)"/.exec(note);
      return / in passing/.test(note)
        ? `stopped the team on a passing mention of ${m?.[1] ?? "its stop keyword"} while work was outstanding`
        : `ended the team's work with ${m?.[1] ?? "its stop keyword"} while work was outstanding`;
    case "request-reversal":
      m = /withdrew (.+?), which it had asked for/.exec(note);
      return m ? `withdrew ${shortValue(m[1])} after the agent had acted on it` : note;
    case "ignored-reversal":
      m = /kept acting on (.+?) after (.+?) withdrew it/.exec(note);
      return m ? `kept acting on ${shortValue(m[1])} after ${m[2]} withdrew it` : note;
    case "ungrounded-value":
      m = /^states (.+?), found/.exec(note);
      return m ? `stated ${shortValue(m[1])} with no source` : note;
    default:
      return null;
  }
}

/** The engine's notes chain clauses with ";": the first one carries the finding. */
function firstClause(note: string): string {
  return note.split(";")[0].trim();
}

/** Why a prior named its weak suspect, per prior rule, for the headline's one sentence. */
export const PRIOR_REASON: Record<string, string> = {
  "exposure-prior": "named because it did the most substantive work",
  "request-carried-out": "named because the agent's last change did what this turn asked",
  "largest-blame-flow": "named because most of the blame flows back to it",
};

/** How the engine decided, per decision rule, in words a person can check against the trace. */
export const RULE_EXPLANATION: Record<string, string> = {
  "value-provenance":
    "The engine traced each value in the final answer back to where it first appeared: this step is the earliest place a wrong or unsupported value came in.",
  "answer-origin":
    "The team concluded with a wrong answer, and this step was the first to put that answer forward as its own.",
  "answer-origin:computed":
    "The team concluded with a wrong answer that a later step computed correctly from numbers this step put forward with no source, so the error came in with those numbers.",
  "approved-origin":
    "A check approved work without checking what it named; the engine followed the approval back to the step that introduced it.",
  "earliest-but-for": "Fixing this step alone would make the run succeed, and no earlier step has that property.",
  "earliest-of-minimal-fix-set":
    "Several steps have to be fixed together for the run to succeed; this is the earliest of them.",
  "exposure-tiebreak":
    "Several agents' mistakes had to be fixed together; among them the engine picked the agent that did the most substantive work, at its earliest faulty step.",
  "exposure-prior":
    "No detector found evidence of a fault; the engine names the agent that did the most substantive work, as a weak suspect only.",
  "request-carried-out":
    "No detector found a fault of the agent, whose last change did what the simulated user asked in this turn; the user's request is named as a weak suspect only (the user holds requirements the agent cannot see).",
  "largest-blame-flow":
    "No detector found a clear origin; the engine names the step that most of the blame flows back to, as a weak suspect only.",
  none: "Nothing in the trace explains the failure, so the engine names no agent.",
};

/** The interaction class in plain words. */
export const INTERACTION_EXPLANATION: Record<string, string> = {
  unchanged: "The error passed through the other agents unchanged.",
  amplified: "The error grew as the agents passed it on.",
  composed: "Errors of several agents combined into the failure.",
  emergent: "The failure came from how the agents' steps combined, not from one step alone.",
  overdetermined: "More than one agent's error would each have caused the failure on its own.",
  unexplained: "Nothing in the trace explains the failure.",
};

/** Confidence as a word a person can act on, from the engine's score in [0, 1]. */
export function confidenceWord(confidence: number): "High" | "Medium" | "Low" {
  return confidence >= 0.75 ? "High" : confidence >= 0.5 ? "Medium" : "Low";
}
