/**
 * demo-mas's LLM-mode runs on its HTTP API: `POST /run {"llm": {"wrong": "worker_2"}}` runs the LLM
 * agents and streams the trace to the export URL; `POST /replay` of such a run replays it from its
 * recording (llm-runs.ts). Runs are kept by OpenTelemetry trace id, like the simulated ones.
 */
import { z } from "zod";
import { recordingTrace } from "@/lib/record/recording-trace";
import type { Intervention } from "@/lib/replay/protocol";
import { DEFAULT_TASK } from "../task";
import type { RegisteredRun, RunRegistry } from "../replay-handler";
import type { LlmRun, LlmRunner } from "./llm-runs";

export const ZLlmRun = z.object({
  wrong: z.string().min(1).max(64).optional(),
  system: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .optional(),
});

function traceIdOf(otlp: Record<string, unknown>): string {
  const spans = (otlp as { resourceSpans?: { scopeSpans?: { spans?: { traceId?: string }[] }[] }[] }).resourceSpans;
  return spans?.[0]?.scopeSpans?.[0]?.spans?.[0]?.traceId ?? "";
}

function register(registry: RunRegistry, llm: LlmRun): { traceId: string; otlp: Record<string, unknown> } {
  const otlp = recordingTrace(llm.recording);
  const traceId = traceIdOf(otlp);
  const entry: RegisteredRun = { task: DEFAULT_TASK, seed: llm.recording.id, spanActions: new Map(), llm };
  registry.set(traceId, entry);
  return { traceId, otlp };
}

export async function runLlm(
  runner: LlmRunner,
  registry: RunRegistry,
  options: z.infer<typeof ZLlmRun>,
  exportUrl?: string,
) {
  const llm = await runner.run(options);
  const { traceId, otlp } = register(registry, llm);
  // The trace as a collector receives it (OTLP/HTTP JSON), so the app analyses it like any run.
  if (exportUrl) {
    const res = await fetch(exportUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(otlp),
    });
    if (!res.ok) throw new Error(`exporting the trace to ${exportUrl} failed: HTTP ${res.status}`);
  }
  return {
    traceId,
    outcome: llm.recording.outcome,
    finalAnswer: llm.finalAnswer,
    exported: Boolean(exportUrl),
    trace: otlp,
  };
}

export async function replayLlm(
  runner: LlmRunner,
  registry: RunRegistry,
  original: LlmRun,
  interventions: Intervention[],
) {
  const llm = await runner.run(
    { wrong: original.wrong, system: original.recording.system },
    { run: original, interventions },
  );
  const { otlp } = register(registry, llm);
  return { outcome: llm.recording.outcome, finalAnswer: llm.finalAnswer, trace: otlp };
}
