/**
 * The replay side of `culprit verify <recording> -- <command>`: a `ReplaySession` call that
 * re-runs the command through the proxy in replay mode with the interventions the strategies ask
 * for, and keeps what each replay did (answers from the recording, from upstream, divergence).
 */
import type { Intervention, ReplayOutcome } from "../replay/protocol";
import { ReplayError } from "../replay/replay-error";
import { AgentNamer } from "./agent-identity";
import type { Recording } from "./recording-format";
import { ReplayPlan, type Divergence } from "./replay-plan";
import { runThroughProxy } from "./run-through-proxy";
import type { UpstreamBudget } from "./upstream-budget";

export interface ProxyReplayDetail {
  interventions: Intervention[];
  outcome: ReplayOutcome;
  exitCode: number | null;
  timedOut: boolean;
  calls: number;
  fromRecording: number;
  upstream: number;
  replaced: number;
  dropped: number;
  divergence?: Divergence;
  durationMs: number;
}

export interface ProxyReplayOptions {
  recording: Recording;
  command: readonly string[];
  check?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  budget: UpstreamBudget;
  /** Culprit step id → recorded call index (from the imported trace's sourceRefs). */
  stepToCall: ReadonlyMap<string, number>;
  signal?: AbortSignal;
  onReplay?: (detail: ProxyReplayDetail) => void;
}

export function proxyReplay(o: ProxyReplayOptions) {
  const details: ProxyReplayDetail[] = [];
  const call = async (interventions: Intervention[]): Promise<{ outcome: ReplayOutcome; durationMs: number }> => {
    if (o.signal?.aborted) throw new ReplayError("cancelled", "the verification was cancelled");
    const plan = new ReplayPlan(o.recording, interventions, o.stepToCall);
    const run = await runThroughProxy({
      command: o.command,
      check: o.check,
      cwd: o.cwd,
      baseEnv: o.env,
      upstream: o.recording.upstream,
      namer: new AgentNamer({}, o.recording.agents),
      budget: o.budget,
      plan,
      spanSeed: `${o.recording.id}:replay:${details.length}`,
      timeoutMs: o.timeoutMs,
      stdio: "capture",
      signal: o.signal,
    });
    if (o.signal?.aborted) throw new ReplayError("cancelled", "the verification was cancelled");
    // A replay the proxy had to stop has no outcome to count.
    if (run.limit) throw new ReplayError("budget_exhausted", `${run.limit}; this replay was stopped`);
    const count = (s: string) => run.calls.filter((c) => c.source === s).length;
    const detail: ProxyReplayDetail = {
      interventions,
      outcome: run.outcome,
      exitCode: run.exitCode,
      timedOut: run.timedOut,
      calls: run.calls.length,
      fromRecording: count("recording"),
      upstream: count("upstream"),
      replaced: count("replace"),
      dropped: count("drop"),
      ...(run.divergence ? { divergence: run.divergence } : {}),
      durationMs: run.durationMs,
    };
    details.push(detail);
    o.onReplay?.(detail);
    return { outcome: run.outcome, durationMs: run.durationMs };
  };
  return { call, details };
}
