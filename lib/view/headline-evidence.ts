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
  "unfounded-ruling": "Rules for a value none of the answers it weighed proposed",
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
      ...quoteOf(r.quote),
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
