/**
 * The OTLP/JSON trace of a recording: one GenAI client span per LLM call (`chat <model>`) with
 * `gen_ai.agent.name`, the input and output messages and the usage, so it imports through the
 * OTLP importer like any instrumented run. The spans are siblings: who talked to whom comes from
 * call order and text reuse, as the importers infer for any flat trace. The run's outcome is a
 * `gen_ai.evaluation.result` event on the last span (a root span would add an agent that never
 * spoke). Deterministic: the same recording gives the same bytes.
 */
import { createHash } from "node:crypto";
import { apiForKind } from "./api-for-path";
import type { GenAiMessage } from "./llm-api";
import type { Recording } from "./recording-format";

type AnyValue = { stringValue: string } | { intValue: string } | { boolValue: boolean };
type KeyValue = { key: string; value: AnyValue };

const kv = (key: string, v: string | number | boolean): KeyValue => ({
  key,
  value:
    typeof v === "string"
      ? { stringValue: v }
      : typeof v === "number"
        ? { intValue: String(Math.round(v)) }
        : { boolValue: v },
});
const nanos = (iso: string, plusMs = 0) => (BigInt(Date.parse(iso) + plusMs) * 1_000_000n).toString();

export function recordingTrace(rec: Recording): Record<string, unknown> {
  const traceId = createHash("sha256").update(`trace:${rec.id}`).digest("hex").slice(0, 32);
  const spans = rec.calls.map((call, i) => {
    const api = apiForKind(call.api);
    const input: GenAiMessage[] = api.inputMessages(call.request);
    const output: GenAiMessage[] =
      call.response.body && call.response.status < 400 ? api.outputMessages(call.response.body) : [];
    const attrs: KeyValue[] = [
      kv("gen_ai.operation.name", "chat"),
      kv("gen_ai.provider.name", api.provider),
      kv("gen_ai.agent.name", call.agent),
      kv("gen_ai.input.messages", JSON.stringify(input)),
      kv("gen_ai.output.messages", JSON.stringify(output)),
      kv("culprit.call.index", call.index),
      kv("culprit.call.source", call.source),
      kv("http.response.status_code", call.response.status),
    ];
    if (call.model) attrs.push(kv("gen_ai.request.model", call.model));
    const responseModel = call.response.body?.model;
    if (typeof responseModel === "string") attrs.push(kv("gen_ai.response.model", responseModel));
    if (call.tokens?.input !== undefined) attrs.push(kv("gen_ai.usage.input_tokens", call.tokens.input));
    if (call.tokens?.output !== undefined) attrs.push(kv("gen_ai.usage.output_tokens", call.tokens.output));
    const failed = call.response.status === 0 || call.response.status >= 400 || call.error !== undefined;
    if (failed) attrs.push(kv("error.type", call.response.status ? String(call.response.status) : "incomplete"));
    const last = i === rec.calls.length - 1;
    return {
      traceId,
      spanId: call.spanId,
      name: `chat ${call.model ?? "unknown"}`,
      kind: 3, // CLIENT
      startTimeUnixNano: nanos(call.startedAt),
      endTimeUnixNano: nanos(call.startedAt, Math.max(call.durationMs, 1)),
      attributes: attrs,
      events: last
        ? [
            {
              name: "gen_ai.evaluation.result",
              timeUnixNano: nanos(rec.endedAt),
              attributes: [
                kv("gen_ai.evaluation.name", "culprit.record.outcome"),
                kv("gen_ai.evaluation.score.label", rec.outcome === "success" ? "pass" : "fail"),
                kv("gen_ai.evaluation.explanation", outcomeExplanation(rec)),
              ],
            },
          ]
        : [],
      status: failed ? { code: 2, message: call.error ?? `HTTP ${call.response.status}` } : { code: 1 },
    };
  });
  return {
    resourceSpans: [
      {
        resource: {
          attributes: [
            kv("service.name", rec.system),
            kv("culprit.recording.id", rec.id),
            kv("process.command_line", rec.command.join(" ")),
          ],
        },
        scopeSpans: [{ scope: { name: "culprit-record", version: "1" }, spans }],
      },
    ],
  };
}

export function outcomeExplanation(
  rec: Pick<Recording, "exitCode" | "signal" | "timedOut" | "checkExitCode" | "check" | "aborted">,
): string {
  if (rec.aborted) return `stopped: ${rec.aborted}`;
  if (rec.timedOut) return "the command timed out";
  const exit =
    rec.exitCode !== null
      ? `the command exited with ${rec.exitCode}`
      : `the command was killed by ${rec.signal ?? "a signal"}`;
  return rec.check !== undefined && rec.checkExitCode !== undefined
    ? `${exit}; the check exited with ${rec.checkExitCode}`
    : exit;
}
