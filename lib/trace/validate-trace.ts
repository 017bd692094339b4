import { ZTrace, TRACE_SCHEMA_VERSION, referenceIssues, type TTrace } from "./schema";
import { TraceInputError, formatPath } from "./errors";

/** At most this many issues are reported; a broken 100k-step file should not yield a 100k-line error. */
const MAX_REPORTED_ISSUES = 50;

/**
 * Validates a parsed value against `culprit.trace/v1` and returns the normalized trace
 * (defaults filled in). Throws a `schema` TraceInputError listing each issue's path.
 */
export function validateTrace(value: unknown): TTrace {
  const result = ZTrace.safeParse(value);
  if (result.success) return result.data;
  // When the shape is wrong zod skips the cross-reference checks; run them anyway so the user
  // sees every problem in one answer.
  const all = result.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  const seen = new Set(all.map((i) => `${i.path}|${i.message}`));
  for (const issue of referenceIssues(value)) {
    const entry = { path: formatPath(issue.path), message: issue.message };
    if (!seen.has(`${entry.path}|${entry.message}`)) all.push(entry);
  }
  const issues = all.slice(0, MAX_REPORTED_ISSUES);
  const more = all.length - issues.length;
  const first = issues[0];
  throw new TraceInputError(
    "schema",
    `Not a valid ${TRACE_SCHEMA_VERSION} trace: ${all.length} issue(s), first at ${first.path}: ${first.message}` +
      (more > 0 ? ` (${more} more not listed)` : ""),
    { issues },
  );
}
