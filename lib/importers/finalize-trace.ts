import type { TTrace, TTraceInput } from "../trace/schema";
import { validateTrace } from "../trace/validate-trace";
import { inferEdges } from "./edges/infer-edges";

/** Last stage of every importer: infer typed edges, then validate against `culprit.trace/v1`. */
export function finalizeTrace(input: TTraceInput): TTrace {
  input.edges = inferEdges(input.steps);
  return validateTrace(input);
}
