import { isRecord } from "../trace-builder";

/**
 * ATIF, the Agent Trajectory Interchange Format Harbor logs runs in (RFC 0001, v1.0–v1.7):
 * `{schema_version: "ATIF-v1.x", session_id, trajectory_id?, agent: {name, version, model_name},
 * steps: [{step_id, source: user|agent|system, message, reasoning_content?, tool_calls?:
 * [{tool_call_id, function_name, arguments}], observation?: {results: [{source_call_id?, content,
 * subagent_trajectory_ref?: [{trajectory_id?, session_id?, trajectory_path?}]}]}, metrics?}],
 * final_metrics?, subagent_trajectories?: [...]}`.
 */
export type AtifDoc = Record<string, unknown> & { steps: unknown[] };

export function isAtifTrajectory(value: unknown): value is AtifDoc {
  return (
    isRecord(value) &&
    typeof value.schema_version === "string" &&
    /^ATIF-v\d/i.test(value.schema_version) &&
    Array.isArray(value.steps)
  );
}

/** Several trajectories saved together (a main one and the subagent files it references). */
export function isAtifBundle(value: unknown): value is AtifDoc[] {
  return Array.isArray(value) && value.length > 0 && value.every(isAtifTrajectory);
}

/** How a subagent reference names its trajectory: by id, session or file name. */
export function refKeys(ref: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const k of ["trajectory_id", "session_id"] as const)
    if (typeof ref[k] === "string" && ref[k]) keys.push(`${k}:${ref[k]}`);
  if (typeof ref.trajectory_path === "string" && ref.trajectory_path)
    keys.push(`file:${baseName(ref.trajectory_path)}`);
  return keys;
}

/** The keys a trajectory answers to (see `refKeys`). */
export function docKeys(doc: AtifDoc): string[] {
  const keys: string[] = [];
  if (typeof doc.trajectory_id === "string" && doc.trajectory_id) keys.push(`trajectory_id:${doc.trajectory_id}`);
  if (typeof doc.session_id === "string" && doc.session_id) keys.push(`session_id:${doc.session_id}`);
  return keys;
}

function baseName(path: string): string {
  const i = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return i >= 0 ? path.slice(i + 1) : path;
}
