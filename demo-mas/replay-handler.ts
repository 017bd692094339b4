/**
 * The reference system's side of the replay protocol: find the original run, turn Culprit's
 * interventions (by span id, step id or agent) into action overrides, re-execute, answer with the
 * outcome and the new OTLP trace.
 */
import { createHash } from "node:crypto";
import { ZReplayRequest, type Intervention, type ReplayRequest } from "@/lib/replay/protocol";
import { agentActions, type Fault } from "./faults";
import type { Task } from "./task";
import { runMas, type ActionOverride } from "./run-mas";
import type { LlmRun, LlmRunner } from "./llm/llm-runs";
import { replayLlm } from "./llm/llm-replay";

export interface RegisteredRun {
  task: Task;
  fault?: Fault;
  seed: string;
  spanActions: Map<string, string>;
  /** An LLM-mode run (demo-mas/llm/llm-runs.ts): replayed from its recording. */
  llm?: LlmRun;
}

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Runs the system executed, by OpenTelemetry trace id (in memory: a restart forgets them). */
export type RunRegistry = Map<string, RegisteredRun>;

export async function handleReplay(
  body: unknown,
  registry: RunRegistry,
  runner?: LlmRunner,
): Promise<{ outcome: string; finalAnswer: string; trace: Record<string, unknown> }> {
  const parsed = ZReplayRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpProblem(
      400,
      `Not a culprit.replay/v1 request: ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
  }
  const request = parsed.data;
  const original = findRun(request, registry);
  if (original.llm && runner) return replayLlm(runner, registry, original.llm, request.interventions);
  if (request.interventions.some((iv) => iv.mode === "instruct"))
    throw new HttpProblem(
      422,
      'The simulated agents have no system prompt: "instruct" needs the LLM mode (demo-mas/llm)',
    );
  const overrides = new Map<string, ActionOverride>();
  for (const iv of request.interventions)
    for (const action of actionsOf(iv, original))
      overrides.set(action, { mode: iv.mode as ActionOverride["mode"], output: iv.output });
  const seed = createHash("sha256")
    .update(`${original.seed}|${JSON.stringify([...overrides].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`)
    .digest("hex");
  const result = await runMas({
    task: original.task,
    fault: original.fault,
    overrides,
    seed,
    startMs: Date.now(),
    serviceName: "demo-mas",
  });
  registry.set(result.traceId, { task: original.task, fault: original.fault, seed, spanActions: result.spanActions });
  return { outcome: result.outcome, finalAnswer: result.finalAnswer, trace: result.otlp };
}

function findRun(request: ReplayRequest, registry: RunRegistry): RegisteredRun {
  const attrIds = request.run.attributes["otel.trace_ids"];
  const ids = [...request.run.traceIds, ...(Array.isArray(attrIds) ? attrIds.map(String) : [])];
  for (const id of ids) {
    const run = registry.get(id);
    if (run) return run;
  }
  throw new HttpProblem(
    404,
    ids.length
      ? `Unknown run: this demo-mas process did not execute trace ${ids.join(", ")} (runs are kept in memory until restart)`
      : "The request names no OpenTelemetry trace id (run.traceIds)",
  );
}

function actionsOf(iv: Intervention, run: RegisteredRun): string[] {
  for (const ref of [iv.sourceRef, iv.stepId]) {
    if (!ref) continue;
    const action = run.spanActions.get(ref);
    if (action) return [action];
  }
  if (iv.sourceRef || iv.stepId)
    throw new HttpProblem(422, `Unknown step ${iv.sourceRef ?? iv.stepId} (not a span of this run)`);
  const actions = agentActions(run.task)[iv.agent];
  if (!actions) throw new HttpProblem(422, `Unknown agent "${iv.agent}"`);
  return actions.map((_, i) => `${iv.agent}#${i}`);
}
