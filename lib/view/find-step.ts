/**
 * The canvas's search box: "42" jumps to step 42 (the step's 1-based position in the run), any
 * other text to the next step whose agent, name, tool or preview contains it.
 */
import { stepAction } from "./step-label";
import type { CanvasStep } from "./types";

export type FoundStep =
  | { kind: "step"; id: string; number: number }
  /** A step of the run outside the shipped window of a large run: the page must load it first. */
  | { kind: "outside"; number: number }
  | { kind: "none"; message: string };

export interface FindStepInput {
  steps: CanvasStep[];
  query: string;
  /** Run-wide index of `steps[0]` (a large run's window). */
  offset?: number;
  /** Steps in the whole run (defaults to `steps.length`). */
  total?: number;
  /** Text search starts after this step (the current selection), wrapping around. */
  after?: string | null;
}

export function findStep({ steps, query, offset = 0, total = steps.length, after = null }: FindStepInput): FoundStep {
  const q = query.trim().replace(/^(?:step\s*|#)/i, "");
  if (!q) return { kind: "none", message: "Type a step number or some text." };
  if (/^\d+$/.test(q)) {
    const n = Number(q);
    if (n < 1 || n > total) return { kind: "none", message: `No step ${n}: the run has steps 1–${total}.` };
    const step = steps[n - 1 - offset];
    return step ? { kind: "step", id: step.id, number: n } : { kind: "outside", number: n };
  }
  const needle = q.toLowerCase();
  const start = after ? steps.findIndex((s) => s.id === after) + 1 : 0;
  for (let k = 0; k < steps.length; k++) {
    const i = (start + k) % steps.length;
    const s = steps[i];
    const text = `${s.agent}\u0000${stepAction(s)}\u0000${s.name ?? ""}\u0000${s.preview ?? s.content ?? ""}`;
    if (text.toLowerCase().includes(needle)) return { kind: "step", id: s.id, number: offset + i + 1 };
  }
  return { kind: "none", message: `No step matches “${q.slice(0, 40)}”.` };
}
