import { TraceInputError } from "./errors";

/** Test helper: runs `fn` and returns the TraceInputError it throws (anything else fails the test). */
export function inputErrorOf(fn: () => unknown): TraceInputError {
  try {
    fn();
  } catch (err) {
    if (err instanceof TraceInputError) return err;
    throw err;
  }
  throw new Error("expected a TraceInputError");
}
