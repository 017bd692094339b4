/**
 * The 2–3 evidence bullets under the headline: what the decisive step said (its exact words, to be
 * highlighted in the inspector), what the engine found about it, and where it went next.
 */
import type { HeadlineInput } from "./headline";
import { humanizeStepRefs } from "./step-number";

export interface EvidenceBullet {
  text: string;
  /** Exact text from the step, highlighted where the step's content is shown. */
  quote?: string;
  stepId?: string;
}

export const MAX_BULLETS = 3;
const QUOTE_CHARS = 160;

const CLAIM_TEXT: Record<string, string> = {
  "unsourced-value": "Not found in the task, a tool output or any step it could see",
  "contradicts-source": "Contradicts what an earlier step established",
  "contradicts-output": "Contradicts the tool or program output it read",
  "unsupported-answer": "Names an answer no output or step it could see holds",
  "misreported-tally": "Reports a vote count its inputs do not give",
  "overruled-consensus": "Rules against answers that all agreed and a tool output showed",
  "overruled-majority": "Rules for an answer fewer of the answers it weighed gave than another",
  "unfounded-ruling": "Rules for a value none of the answers it weighed proposed",
  "wrong-extreme": "Picks an option that another option's stated figure beats",
  "unit-mismatch": "Passes on a number never converted to the unit asked for",
  "arithmetic-mismatch": "The arithmetic does not recompute",
  "fabricated-data": "Data made up in code",
  "dropped-constraint": "A constraint of the task was dropped",
};

export function headlineEvidence(input: HeadlineInput): EvidenceBullet[] {
  const d = input.decisive!;
  const out: EvidenceBullet[] = [];
  const seenQuotes = new Set<string>();
  const push = (b: EvidenceBullet) => {
    if (out.length >= MAX_BULLETS) return;
    if (b.quote) {
      if (seenQuotes.has(b.quote)) return;
      seenQuotes.add(b.quote);
    }
    if (out.some((x) => x.text === b.text && x.quote === b.quote)) return;
    out.push(b);
  };
  // The engine's own reasons (when it gives them) carried the verdict: they come first.
  for (const r of [...(input.reasons ?? [])].sort((a, b) => b.weight - a.weight))
    push({
      text: sentence(humanizeStepRefs(r.text, input.positions)),
      ...quoteOf(reasonQuote(r, input)),
      ...(r.stepIds[0] ? { stepId: r.stepIds[0] } : {}),
    });
  for (const c of input.decisiveClaims.slice(0, 2))
    push({ text: CLAIM_TEXT[c.detector] ?? "Flagged claim", ...quoteOf(c.quote), stepId: d.stepId });
  for (const det of input.decisiveDetectors) {
    const note = humanizeStepRefs(det.note.split(";")[0].trim(), input.positions);
    if (note) push({ text: sentence(note), stepId: d.stepId });
  }
  const next = [...new Set(input.channelPath.map((h) => h.toAgent))].filter((a) => a !== d.agent);
  if (next.length) push({ text: `Passed on to ${next.slice(0, 4).join(", then ")}${next.length > 4 ? ", …" : ""}` });
  return out;
}

/** Rules that name a step for a value it put forward: their exact words are that value. */
const VALUE_RULES = new Set(["rule:value-provenance"]);

/**
 * The exact words behind a reason at the decisive step: the flagged claim the reason is about (a
 * finding of the same detector, or the value a value rule traced), else the reason's own quote (the
 * step's opening). The claim's words are what the inspector highlights.
 */
function reasonQuote(r: NonNullable<HeadlineInput["reasons"]>[number], input: HeadlineInput): string | undefined {
  if (r.stepIds[0] !== input.decisive?.stepId) return r.quote;
  const detector = /^(?:det|answer):(.+)$/.exec(r.feature)?.[1];
  const claims = input.decisiveClaims;
  const claim = detector
    ? claims.find((c) => c.detector === detector)
    : VALUE_RULES.has(r.feature)
      ? (claims.find((c) => c.reachesAnswer) ?? claims[0])
      : undefined;
  return claim?.quote || (r.quote && firstSentence(r.quote));
}

/**
 * A reason's quote without a claim of its own is the step's opening: its first sentence is what the
 * reason read, and a shorter mark leaves the step's other quotes (its flagged values) marked too.
 */
function firstSentence(text: string): string {
  const end = /[.!?](?=\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

function quoteOf(quote: string | undefined): { quote?: string } {
  const q = quote?.trim();
  if (!q) return {};
  return { quote: q.length > QUOTE_CHARS ? q.slice(0, QUOTE_CHARS) : q };
}

/** Capitalised, without a trailing period (the bullets are fragments). */
function sentence(text: string): string {
  const t = text.trim().replace(/\.$/, "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}
