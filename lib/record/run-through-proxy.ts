/**
 * One run of the user's command with its LLM traffic going through the proxy: start the proxy,
 * point the SDKs' base-URL variables at it, run the command (and the `--check`), and say whether
 * the run succeeded. Used by `record` (no plan) and by every replay of `verify` (with a plan).
 */
import type { AgentNamer } from "./agent-identity";
import { LlmProxy } from "./llm-proxy";
import type { RecordedCall, RunSummary } from "./recording-format";
import type { Divergence, ReplayPlan } from "./replay-plan";
import { checkArgv, startCommand } from "./run-command";
import type { UpstreamBudget } from "./upstream-budget";

/**
 * The variables the common SDKs read for their base URL: OpenAI (Python/Node, LiteLLM, LangChain,
 * OpenAI Agents SDK) with the API version in the path, Anthropic's without.
 */
export function proxyEnv(proxyBase: string): Record<string, string> {
  const v1 = `${proxyBase}/v1`;
  return {
    OPENAI_BASE_URL: v1,
    OPENAI_API_BASE: v1,
    ANTHROPIC_BASE_URL: proxyBase,
    ANTHROPIC_API_URL: proxyBase,
    CULPRIT_PROXY_URL: v1,
  };
}

/** An HTTP proxy set in the environment (Python's urllib, requests) must not sit between the child and us. */
function noProxy(env: NodeJS.ProcessEnv): Record<string, string> {
  const current = env.NO_PROXY ?? env.no_proxy ?? "";
  const value = [current, "127.0.0.1", "localhost"].filter(Boolean).join(",");
  return { NO_PROXY: value, no_proxy: value };
}

export interface ProxyRunOptions {
  command: readonly string[];
  check?: string;
  cwd?: string;
  baseEnv: NodeJS.ProcessEnv;
  upstream: { openai: string; anthropic: string };
  namer: AgentNamer;
  budget: UpstreamBudget;
  plan?: ReplayPlan;
  spanSeed: string;
  timeoutMs: number;
  upstreamTimeoutMs?: number;
  stdio: "inherit" | "capture";
  signal?: AbortSignal;
}

export interface ProxyRunResult extends RunSummary {
  calls: RecordedCall[];
  divergence?: Divergence;
  /** The proxy stopped the run: upstream budget or per-run call/size limit. */
  limit?: string;
  tail?: string;
}

export async function runThroughProxy(o: ProxyRunOptions): Promise<ProxyRunResult> {
  let running: ReturnType<typeof startCommand> | undefined;
  const proxy = new LlmProxy({
    upstream: o.upstream,
    namer: o.namer,
    budget: o.budget,
    plan: o.plan,
    spanSeed: o.spanSeed,
    upstreamTimeoutMs: o.upstreamTimeoutMs ?? o.timeoutMs,
    onBudgetExhausted: (reason) => running?.stop(reason),
  });
  const base = await proxy.listen();
  const env = { ...o.baseEnv, ...proxyEnv(base), ...noProxy(o.baseEnv) };
  const started = Date.now();
  try {
    running = startCommand(o.command, { env, cwd: o.cwd, timeoutMs: o.timeoutMs, stdio: o.stdio, signal: o.signal });
    const result = await running.done;
    let checkExitCode: number | null | undefined;
    let ok = result.exitCode === 0 && !result.timedOut && !result.stopped;
    // The check judges a run that finished; a run stopped from outside has no outcome to check.
    if (o.check !== undefined && !result.timedOut && !result.stopped) {
      const elapsed = Date.now() - started;
      const check = await startCommand(checkArgv(o.check), {
        env,
        cwd: o.cwd,
        timeoutMs: Math.max(1000, o.timeoutMs - elapsed),
        stdio: o.stdio,
        signal: o.signal,
      }).done;
      checkExitCode = check.exitCode;
      ok = check.exitCode === 0 && !check.timedOut;
    }
    const ended = Date.now();
    for (const c of proxy.calls) if (c.response.status === 0) c.error ??= "the run ended before this call was answered";
    return {
      startedAt: new Date(started).toISOString(),
      endedAt: new Date(ended).toISOString(),
      durationMs: ended - started,
      exitCode: result.exitCode,
      signal: result.signal,
      timedOut: result.timedOut,
      ...(checkExitCode !== undefined ? { checkExitCode } : {}),
      outcome: ok ? "success" : "failure",
      ...(result.stopped ? { aborted: result.stopped } : {}),
      calls: proxy.calls,
      ...(proxy.divergence ? { divergence: proxy.divergence } : {}),
      ...(proxy.budgetExhausted ? { limit: proxy.budgetExhausted } : {}),
      ...(result.tail !== undefined ? { tail: result.tail } : {}),
    };
  } finally {
    await proxy.close();
  }
}
