/**
 * The reference system's LLM mode behind demo-mas's HTTP API, so the app can replay it through
 * the replay protocol (docs/replay-protocol.md) without running a command: each run executes the
 * LLM agents (agents.ts) in this process against the deterministic reference model, through
 * Culprit's own record/replay proxy, and keeps the recording; a replay answers every agent not
 * intervened on from that recording until the run diverges (as `culprit verify <recording>`),
 * and `instruct` appends the instruction to the agent's system prompt upstream (`culprit fix`).
 */
import { randomUUID } from "node:crypto";
import { AgentNamer } from "@/lib/record/agent-identity";
import { LlmProxy } from "@/lib/record/llm-proxy";
import { RECORDING_FORMAT, type Recording } from "@/lib/record/recording-format";
import { ReplayPlan } from "@/lib/record/replay-plan";
import { UpstreamBudget } from "@/lib/record/upstream-budget";
import type { Intervention } from "@/lib/replay/protocol";
import { runLlmMas } from "./agents";
import { startReferenceModel, type ReferenceModel } from "./reference-model";

/** Calls one LLM run may make: the reference system makes 6. */
const MAX_CALLS = 100;
const CALL_TIMEOUT_MS = 30_000;

export interface LlmRunOptions {
  /** The agent the reference model answers wrongly until its system prompt asks it to check its work. */
  wrong?: string;
  /** `service.name` of the run's trace (default demo-mas). */
  system?: string;
}

export interface LlmRun {
  recording: Recording;
  wrong?: string;
  finalAnswer: string;
}

/** Reference models by behaviour, started on first use and closed with demo-mas. */
export class LlmRunner {
  private readonly models = new Map<string, Promise<ReferenceModel>>();

  private model(wrong: string | undefined): Promise<ReferenceModel> {
    const key = wrong ?? "";
    let m = this.models.get(key);
    if (!m) {
      m = startReferenceModel({ wrong });
      this.models.set(key, m);
    }
    return m;
  }

  /** One run; with `replayOf`, a replay of that run with the interventions. */
  async run(options: LlmRunOptions, replayOf?: { run: LlmRun; interventions: Intervention[] }): Promise<LlmRun> {
    const model = await this.model(options.wrong);
    const id = randomUUID();
    const upstream = { openai: model.url, anthropic: model.url };
    const namer = new AgentNamer({}, replayOf?.run.recording.agents ?? []);
    const plan = replayOf ? new ReplayPlan(replayOf.run.recording, replayOf.interventions) : undefined;
    const proxy = new LlmProxy({
      upstream,
      namer,
      budget: new UpstreamBudget({ maxCalls: MAX_CALLS }),
      plan,
      spanSeed: id,
      upstreamTimeoutMs: CALL_TIMEOUT_MS,
    });
    const started = new Date();
    let result: { answer: number | null; correct: boolean } = { answer: null, correct: false };
    try {
      result = await runLlmMas(undefined, `${await proxy.listen()}/v1`).catch(() => result);
    } finally {
      await proxy.close();
    }
    const ended = new Date();
    const spoke = new Set(proxy.calls.map((c) => c.agent));
    const recording: Recording = {
      format: RECORDING_FORMAT,
      id,
      system: options.system ?? "demo-mas",
      command: ["demo-mas", "llm"],
      cwd: "",
      envNames: [],
      upstream,
      startedAt: started.toISOString(),
      endedAt: ended.toISOString(),
      durationMs: ended.getTime() - started.getTime(),
      exitCode: result.correct ? 0 : 1,
      signal: null,
      timedOut: false,
      outcome: result.correct ? "success" : "failure",
      agents: namer.agents().filter((a) => spoke.has(a.name)),
      calls: proxy.calls,
      notes: [],
    };
    return {
      recording,
      ...(options.wrong ? { wrong: options.wrong } : {}),
      finalAnswer: String(result.answer ?? "none"),
    };
  }

  async close(): Promise<void> {
    for (const m of this.models.values()) await (await m).close();
    this.models.clear();
  }
}
