/**
 * Missing state: a step reads a shared-memory key that no step wrote, and gets nothing back. The
 * reader is a victim; the state was someone else's to provide. When an agent upstream returned
 * nothing (see `empty-reply.ts`), that silence explains the gap and this detector adds nothing.
 * Otherwise the agent that invoked the reader pointed it at state that does not exist: the fault
 * goes to the invoker's latest step before the read (or its wrapper, when it did nothing before).
 */
import type { Detector, DetectorHit } from "./types";
import type { EngineGraph } from "../build-graph";
import { invokerOf } from "../wrapper-layout";
import { emptyReplies } from "./empty-reply";
import { trimmedHead } from "../../text/linear-text";

export const MISSING_STATE_SCORE = 0.6;

/** What a store answers for an absent key, optionally in parentheses ("(missing)"), compared after trimming. */
const NOTHING = "missing|none|null|undefined|nil|not found|no such key|empty";
const NOTHING_WORDS: ReadonlySet<string> = new Set(NOTHING.split("|"));

/** Blank or a "nothing" word: a single scan, since `^\s*(?:word)?\s*$` is quadratic on blanks. */
function saysNothing(text: string): boolean {
  const t = trimmedHead(text, 200);
  if (t === "") return true;
  const word = t.slice(t.startsWith("(") ? 1 : 0, t.length > 1 && t.endsWith(")") ? -1 : undefined);
  return NOTHING_WORDS.has(word.toLowerCase());
}

/** Whether step v read a key and got nothing back. */
export function readFoundNothing(g: EngineGraph, v: number): boolean {
  const s = g.steps[v];
  if (s.state?.op !== "read") return false;
  const got = s.state.value ?? s.tool?.result ?? s.content;
  return saysNothing(got.slice(0, 200));
}

export const detectMissingState: Detector = ({ g, failed }) => {
  if (!failed) return [];
  const hits: DetectorHit[] = [];
  const written = new Set<string>();
  const firstEmpty = emptyReplies(g)[0] ?? g.n;
  const blamed = new Set<string>();
  for (let v = 0; v < g.n; v++) {
    const st = g.steps[v].state;
    if (st?.op === "write") written.add(st.key);
    if (!st || st.op !== "read" || written.has(st.key) || !readFoundNothing(g, v) || firstEmpty < v) continue;
    const inv = invokerOf(g.steps, g.parent, v);
    if (inv < 0) continue;
    let at = inv;
    for (let p = v - 1; p >= 0; p--)
      if (g.agentOf[p] === g.agentOf[inv]) {
        at = p;
        break;
      }
    const key = `${at}\u0000${st.key}`;
    if (blamed.has(key)) continue;
    blamed.add(key);
    hits.push({
      step: at,
      name: "missing-state",
      score: MISSING_STATE_SCORE,
      mast: "FM-1.1 disobey task specification",
      dependent: true,
      evidence: {
        stepIds: [g.steps[at].id, g.steps[v].id],
        note: `${g.steps[v].agent}, invoked by ${g.steps[inv].agent}, reads "${st.key}", which no step wrote`,
      },
    });
  }
  return hits;
};
