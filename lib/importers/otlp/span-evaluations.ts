import type { TOutcome } from "../../trace/schema";
import { evaluationOutcome } from "../evaluation-verdict";
import type { DecodedSpan } from "./decoded-span";

const EVAL_ATTR = /^(?:.*\.)?eval\.([^.]+)\.(label|score|value)$/;
const ANNOTATION_ATTR = /^(?:trace\.)?annotations?\.(?:(\d+)\.annotation\.)?(name|label|score)$/;

/**
 * The outcome a span's evaluations state, first decisive one wins:
 * - `gen_ai.evaluation.result` events (and the same keys as span attributes on an evaluation span);
 * - OpenInference annotations: `annotation.{name,label,score}`, `annotations.<i>.annotation.*`,
 *   `trace.annotations.*`;
 * - Phoenix-style evaluation attributes `eval.<name>.label` / `eval.<name>.score` (any prefix).
 * See `evaluationOutcome` for which labels and scores count.
 */
export function spanEvaluationOutcome(span: DecodedSpan): TOutcome | undefined {
  for (const ev of span.events) {
    if (ev.name !== "gen_ai.evaluation.result") continue;
    const v = fromGenAi(ev.attributes);
    if (v) return v;
  }
  const a = span.attributes;
  if (
    a["gen_ai.evaluation.name"] !== undefined ||
    a["gen_ai.evaluation.score.label"] !== undefined ||
    a["gen_ai.evaluation.score.value"] !== undefined
  ) {
    const v = fromGenAi(a);
    if (v) return v;
  }
  let evals: Map<string, { label?: unknown; score?: unknown }> | undefined;
  let annotations: Map<string, { name?: unknown; label?: unknown; score?: unknown }> | undefined;
  for (const key in a) {
    const c = key.charCodeAt(0);
    if (c !== 101 /* e */ && c !== 97 /* a */ && c !== 116 /* t */ && !key.includes(".eval.")) continue; // cheap filter: most keys match neither
    const e = EVAL_ATTR.exec(key);
    if (e) {
      evals ??= new Map();
      const entry = evals.get(e[1]) ?? {};
      if (e[2] === "label") entry.label = a[key];
      else entry.score = a[key];
      evals.set(e[1], entry);
      continue;
    }
    const n = ANNOTATION_ATTR.exec(key);
    if (n) {
      annotations ??= new Map();
      const id = n[1] ?? "";
      const entry = annotations.get(id) ?? {};
      entry[n[2] as "name" | "label" | "score"] = a[key];
      annotations.set(id, entry);
    }
  }
  if (annotations)
    for (const x of annotations.values()) {
      const v = evaluationOutcome(x.name, x.label, x.score);
      if (v) return v;
    }
  if (evals)
    for (const [name, x] of evals) {
      const v = evaluationOutcome(name, x.label, x.score);
      if (v) return v;
    }
  return undefined;
}

function fromGenAi(a: Record<string, unknown>): TOutcome | undefined {
  return evaluationOutcome(
    a["gen_ai.evaluation.name"],
    a["gen_ai.evaluation.score.label"],
    a["gen_ai.evaluation.score.value"],
  );
}
