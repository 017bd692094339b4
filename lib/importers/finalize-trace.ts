import type { TTrace, TTraceInput } from "../trace/schema";
import { inferEdges } from "./edges/infer-edges";
import { markConventionalTaskGivers } from "./chat/task-giver";
import { markClosingSteps } from "./chat/chat-termination";
import { validateImportedTrace } from "./validate-imported-trace";
import { keepContentOnly } from "./content-text";

/**
 * Last stage of every importer: mark the conventional task giver (see `markConventionalTaskGivers`)
 * and the steps that close the run with a system's keyword (`markClosingSteps`), infer typed edges, then validate against `culprit.trace/v1` (fast structural check of our own
 * output; zod reports the errors when it finds any).
 */
export function finalizeTrace(input: TTraceInput): TTrace {
  // Content only (ids, timestamps and usage out of every text) before anything reads the text.
  keepContentOnly(input);
  markConventionalTaskGivers(input);
  markClosingSteps(input.steps);
  input.edges = inferEdges(input.steps);
  return validateImportedTrace(input);
}
