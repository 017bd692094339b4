import "server-only";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for strings that can be a run id; anything else is a 404 without touching the database. */
export function isRunId(value: string): boolean {
  return UUID_RE.test(value);
}

/** True for strings that can be a step id (the trace schema's bound); anything else is unknown. */
export function isStepId(value: string): boolean {
  return value.length > 0 && value.length <= 256;
}
