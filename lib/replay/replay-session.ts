/**
 * One verification's replay account: enforces the budget, consults a persistent cache (optional),
 * de-duplicates identical intervention sets within the session, and logs every replay as evidence.
 */
import { interventionKey } from "./intervention-key";
import type { Intervention, ReplayFn, ReplayOutcome } from "./protocol";
import { ReplayError } from "./replay-error";

export interface ReplayCacheStore {
  get(key: string): Promise<ReplayOutcome | undefined>;
  set(key: string, interventions: Intervention[], outcome: ReplayOutcome, durationMs: number): Promise<void>;
}

export interface ReplayLogEntry {
  strategy: string;
  interventions: Intervention[];
  outcome: ReplayOutcome;
  /** "replay": a real call; "cache": the persistent cache; "session": repeated within this verification. */
  source: "replay" | "cache" | "session";
  durationMs: number;
}

export interface ReplaySessionOptions {
  call: (interventions: Intervention[]) => Promise<{ outcome: ReplayOutcome; durationMs: number }>;
  /** Maximum number of real replays (cache hits are free). */
  budget: number;
  cache?: ReplayCacheStore;
  signal?: AbortSignal;
  /** Called after each logged replay (progress display, incremental persistence). */
  onEntry?: (entry: ReplayLogEntry, session: ReplaySession) => void | Promise<void>;
}

export class ReplaySession {
  readonly log: ReplayLogEntry[] = [];
  replays = 0;
  cacheHits = 0;
  private readonly memo = new Map<string, ReplayOutcome>();

  constructor(private readonly options: ReplaySessionOptions) {
    if (!Number.isInteger(options.budget) || options.budget < 0)
      throw new ReplayError(
        "not_configured",
        `The replay budget must be a non-negative integer, got ${options.budget}`,
      );
  }

  get budget(): number {
    return this.options.budget;
  }

  get remaining(): number {
    return this.options.budget - this.replays;
  }

  /** A replay function for `strategy`, suitable for the pure strategies. */
  fn(strategy: string): ReplayFn {
    return (interventions) => this.replay(strategy, interventions);
  }

  private async replay(strategy: string, interventions: Intervention[]): Promise<ReplayOutcome> {
    if (this.options.signal?.aborted) throw new ReplayError("cancelled", "the verification was cancelled");
    const key = interventionKey(interventions);
    const seen = this.memo.get(key);
    if (seen) return this.record({ strategy, interventions, outcome: seen, source: "session", durationMs: 0 });
    const cached = await this.options.cache?.get(key);
    if (cached) {
      this.cacheHits++;
      this.memo.set(key, cached);
      return this.record({ strategy, interventions, outcome: cached, source: "cache", durationMs: 0 });
    }
    if (this.replays >= this.options.budget)
      throw new ReplayError("budget_exhausted", `The replay budget (${this.options.budget}) is used up`);
    const { outcome, durationMs } = await this.options.call(interventions);
    this.replays++; // counted once answered: a failed call ends the verification anyway
    this.memo.set(key, outcome);
    await this.options.cache?.set(key, interventions, outcome, durationMs);
    return this.record({ strategy, interventions, outcome, source: "replay", durationMs });
  }

  private async record(entry: ReplayLogEntry): Promise<ReplayOutcome> {
    this.log.push(entry);
    await this.options.onEntry?.(entry, this);
    return entry.outcome;
  }
}
