/**
 * Where a computed wrong answer's error entered. When the first proposer of a concluded run's wrong
 * answer computed it in arithmetic it states and that recomputes, the computation is faithful: the
 * wrongness came in with an operand. Operands the task, an input, a tool output or a further stated
 * computation supply are sourced; an operand another agent asserted with nothing behind it (no
 * source, or only a one-step derivation found for it from numbers at hand, which a small count
 * always has) is an unverified fact the answer rests on, and the error entered where it was stated.
 * A method error (the wrong operation on right facts) stays with the computing step: with every
 * operand sourced there is no earlier step to move to. It also stays when the computing step brought
 * an unsourced operand of its own, or left out a number the supplier stated (it may have taken the
 * wrong one), or when the supplier answered what it was asked about a thing the task never names
 * (the request brought the wrong subject in, not the supplier).
 */
import { stepText, type EngineGraph } from "../build-graph";
import { taskText } from "./task-text";
import { isAgentUtterance } from "../detectors/patterns";
import { tokenize } from "../text-features";
import { SENTENCE_END_RE } from "../model/own-content";
import type { ClaimProvenance, Provenance } from "./provenance";

/** Records visited per answer (operand chains of stated arithmetic are short; long ones are cut). */
const MAX_VISITS = 64;

function recordOf(prov: Provenance, step: number, value: string): ClaimProvenance | undefined {
  for (const k of prov.byStep.get(step) ?? []) if (prov.records[k].claim.value === value) return prov.records[k];
  return undefined;
}

/** Whether every number `u` put forward with nothing behind it is among the computation's operands. */
function allUsed(prov: Provenance, u: number, used: ReadonlySet<string>): boolean {
  for (const k of prov.byStep.get(u) ?? []) {
    const r = prov.records[k];
    const bare = r.source === "none" || (r.source === "derived" && !r.stated);
    if (bare && r.claim.kind === "number" && !used.has(r.claim.value)) return false;
  }
  return true;
}

/** Text read per step for the subject check (a supplier's facts sit in its first lines). */
const MAX_SUBJECT_CHARS = 4_000;
/** Words are compared by their first letters, without a plural "s" ("spiders" meets "spider"). */
const STEM = 5;
const stem = (w: string) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w).slice(0, STEM);

/**
 * Whether the supplier answered a request about a thing the task never names: a word of the
 * sentences that give the supplied numbers is neither in the task nor absent from the message the
 * supplier answered (the latest step before it by another agent).
 */
function askedOffTask(g: EngineGraph, u: number, values: readonly string[]): boolean {
  let request = -1;
  for (let w = u - 1; w >= 0; w--)
    if (g.agentOf[w] !== g.agentOf[u] && !g.wrapper[w] && isAgentUtterance(g, w)) {
      request = w;
      break;
    }
  if (request < 0) return false;
  const task = new Set([...tokenize(taskText(g).slice(0, MAX_SUBJECT_CHARS))].map(stem));
  const asked = new Set([...tokenize(stepText(g.steps[request]).slice(0, MAX_SUBJECT_CHARS))].map(stem));
  const numbers = values.map((x) => x.slice(2));
  for (const sentence of stepText(g.steps[u]).slice(0, MAX_SUBJECT_CHARS).split(SENTENCE_END_RE)) {
    if (!numbers.some((x) => sentence.includes(x))) continue;
    for (const w of tokenize(sentence)) if (!task.has(stem(w)) && asked.has(stem(w))) return true;
  }
  return false;
}

export interface OperandSupplier {
  /** The earliest step that supplied an unsourced operand. */
  step: number;
  /** The operands it supplied ("n:8"). */
  values: string[];
}

/**
 * The earliest step whose unsourced number a stated computation of `value` at `step` rests on:
 * operands are followed through stated arithmetic and agent relays (at any step) to where they
 * came in; null when none came from another step, or the computing step brought one itself.
 */
export function unsourcedOperandOrigin(
  g: EngineGraph,
  prov: Provenance,
  step: number,
  value: string,
): OperandSupplier | null {
  const top = recordOf(prov, step, value);
  if (!top?.stated) return null;
  let left = MAX_VISITS;
  const seen = new Set<string>();
  const used = new Set<string>([value]);
  const work: [number, string][] = (top.operands ?? []).map((x) => [step, x]);
  const suppliers: { step: number; value: string }[] = [];
  while (work.length && left-- > 0) {
    const [at, x] = work.pop()!;
    if (seen.has(`${at}|${x}`)) continue;
    seen.add(`${at}|${x}`);
    used.add(x);
    const r = recordOf(prov, at, x);
    if (!r) continue;
    if (r.source === "derived" && r.stated) for (const o of r.operands ?? []) work.push([at, o]);
    else if (r.source === "agent" && r.from >= 0) work.push([r.from, x]);
    else if (r.source === "none" || r.source === "derived") {
      // An operand the computing step brought with nothing behind it makes that step a suspect too.
      if (at === step) return null;
      if (!g.wrapper[at] && isAgentUtterance(g, at)) suppliers.push({ step: at, value: x });
    }
  }
  if (!suppliers.length || suppliers.some((x) => !allUsed(prov, x.step, used))) return null;
  const first = Math.min(...suppliers.map((x) => x.step));
  const values = [...new Set(suppliers.filter((x) => x.step === first).map((x) => x.value))].sort();
  return askedOffTask(g, first, values) ? null : { step: first, values };
}
