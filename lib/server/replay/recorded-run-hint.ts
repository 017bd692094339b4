import "server-only";

/**
 * For a run recorded by `culprit record` (its OTLP resource names the recording), what "Verify by
 * replay" should say instead of "no endpoint": such runs are replayed by the CLI, which re-runs
 * the user's command on their machine, and can store the result here with `--app`.
 */
export function recordedRunHint(attributes: unknown): string | undefined {
  const resource = (attributes as { "otel.resource"?: Record<string, unknown> } | null)?.["otel.resource"];
  const recordingId = resource?.["culprit.recording.id"];
  if (typeof recordingId !== "string") return undefined;
  const command =
    typeof resource?.["process.command_line"] === "string" ? (resource["process.command_line"] as string) : "<command>";
  return `This run was recorded with culprit record (recording ${recordingId}). Replays re-run your command on your machine: run  npx culprit verify <recording folder> --app <this app's URL> -- ${command}  there, and the result appears here.`;
}
