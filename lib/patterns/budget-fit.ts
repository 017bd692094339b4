/**
 * Outcome against token budget over a system's runs: how much of success the budget alone explains.
 *
 * Fits P(success) = σ(β₀ + β₁·log₁₀ tokens) by Newton's method (IRLS) with a small ridge penalty on
 * β₁ so perfectly separated data still converges, and reports McFadden's pseudo-R² = 1 − LL/LL₀
 * (LL₀: intercept only). Published multi-agent studies find the budget explains most of the variance
 * in team performance; when it does here too, a failure says more about spending than coordination.
 */

export interface BudgetRun {
  runId: string;
  tokens: number;
  success: boolean;
}

export interface BudgetFit {
  n: number;
  successes: number;
  intercept: number;
  /** Change in log-odds of success per tenfold tokens. */
  slope: number;
  pseudoR2: number;
  /** Fitted P(success) at a token count. */
  curve: { tokens: number; p: number }[];
  statement: string;
}

/** Below this many runs with both outcomes a fit says nothing. */
export const MIN_FIT_RUNS = 8;
const RIDGE = 1e-3;
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

function logLik(xs: number[], ys: number[], b0: number, b1: number): number {
  let ll = 0;
  for (let i = 0; i < xs.length; i++) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(b0 + b1 * xs[i])));
    ll += ys[i] ? Math.log(p) : Math.log(1 - p);
  }
  return ll;
}

export function fitBudget(runs: BudgetRun[]): BudgetFit | null {
  const usable = runs.filter((r) => r.tokens > 0 && Number.isFinite(r.tokens));
  const successes = usable.filter((r) => r.success).length;
  if (usable.length < MIN_FIT_RUNS || successes === 0 || successes === usable.length) return null;
  const xs = usable.map((r) => Math.log10(r.tokens));
  const ys = usable.map((r) => (r.success ? 1 : 0));
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const cx = xs.map((x) => x - mean);
  let b0 = Math.log(successes / (usable.length - successes));
  let b1 = 0;
  for (let iter = 0; iter < 50; iter++) {
    let g0 = 0;
    let g1 = -RIDGE * b1;
    let h00 = 0;
    let h01 = 0;
    let h11 = RIDGE;
    for (let i = 0; i < cx.length; i++) {
      const p = sigmoid(b0 + b1 * cx[i]);
      const w = p * (1 - p);
      g0 += ys[i] - p;
      g1 += (ys[i] - p) * cx[i];
      h00 += w;
      h01 += w * cx[i];
      h11 += w * cx[i] * cx[i];
    }
    const det = h00 * h11 - h01 * h01;
    if (!(Math.abs(det) > 1e-12)) break;
    const d0 = (h11 * g0 - h01 * g1) / det;
    const d1 = (h00 * g1 - h01 * g0) / det;
    b0 += d0;
    b1 += d1;
    if (Math.abs(d0) + Math.abs(d1) < 1e-10) break;
  }
  const ll = logLik(cx, ys, b0, b1);
  const p0 = successes / usable.length;
  const ll0 = successes * Math.log(p0) + (usable.length - successes) * Math.log(1 - p0);
  const pseudoR2 = Math.max(0, Math.min(1, 1 - ll / ll0));
  const intercept = b0 - b1 * mean;
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const curve = Array.from({ length: 21 }, (_, k) => {
    const x = lo + ((hi - lo) * k) / 20;
    return { tokens: Math.round(10 ** x), p: round(sigmoid(intercept + b1 * x)) };
  });
  return {
    n: usable.length,
    successes,
    intercept: round(intercept),
    slope: round(b1),
    pseudoR2: round(pseudoR2),
    curve,
    statement: confoundStatement(pseudoR2, b1),
  };
}

/** The token-budget confound in words, by McFadden R² bands (0.2–0.4 is already an excellent fit for that measure). */
export function confoundStatement(r2: number, slope: number): string {
  const direction =
    slope > 0
      ? "runs that spend more succeed more often"
      : "runs that spend more fail more often (likely loops or retries on hard tasks)";
  const pct = Math.round(r2 * 100);
  if (r2 >= 0.4)
    return `The token budget alone explains most of the outcome (McFadden R² ${pct}%): ${direction}. Compare runs at equal budget before blaming coordination.`;
  if (r2 >= 0.2)
    return `The token budget explains a good part of the outcome (McFadden R² ${pct}%): ${direction}. Read blame beside each run's spend.`;
  return `The token budget explains little of the outcome (McFadden R² ${pct}%): failures here are not mainly about spending.`;
}

export interface AgentAcrossRuns {
  agent: string;
  runs: number;
  meanBlame: number;
  /** Mean of the agent's share of importance within each run. */
  meanImportanceShare: number;
  meanTokenShare: number;
  dropSuggested: boolean;
  reason: string;
}

export interface AgentRunStats {
  success: boolean;
  perAgent: { agent: string; blame: number; importance: number; tokenShare: number }[];
}

/** Appearances before an agent can be judged across runs. */
const MIN_APPEARANCES = 3;
/** Low importance: under half of the uniform share, as the engine's per-run low-importance flag. */
const LOW_FRACTION = 0.5;

/**
 * DyLAN's agent selection, across runs: suggest dropping an agent whose importance share stays below
 * half the uniform share in every run it joined, including every run that passed — the passing runs
 * did not need it.
 */
export function agentsAcrossRuns(runs: AgentRunStats[]): AgentAcrossRuns[] {
  const acc = new Map<
    string,
    { runs: number; blame: number; imp: number; tok: number; alwaysLow: boolean; passed: number }
  >();
  for (const run of runs) {
    const impTotal = run.perAgent.reduce((s, a) => s + a.importance, 0);
    const active = run.perAgent.length || 1;
    for (const a of run.perAgent) {
      const share = impTotal > 0 ? a.importance / impTotal : 0;
      const row = acc.get(a.agent) ?? { runs: 0, blame: 0, imp: 0, tok: 0, alwaysLow: true, passed: 0 };
      row.runs++;
      row.blame += a.blame;
      row.imp += share;
      row.tok += a.tokenShare;
      if (share >= LOW_FRACTION / active) row.alwaysLow = false;
      if (run.success) row.passed++;
      acc.set(a.agent, row);
    }
  }
  return [...acc.entries()]
    .map(([agent, r]) => {
      const drop = r.runs >= MIN_APPEARANCES && r.passed > 0 && r.alwaysLow;
      return {
        agent,
        runs: r.runs,
        meanBlame: round(r.blame / r.runs),
        meanImportanceShare: round(r.imp / r.runs),
        meanTokenShare: round(r.tok / r.runs),
        dropSuggested: drop,
        reason: drop
          ? `importance under half the uniform share in all ${r.runs} runs, including ${r.passed} that passed`
          : r.runs < MIN_APPEARANCES
            ? `only ${r.runs} run(s): too few to judge`
            : r.passed === 0
              ? "no passing run to show it was not needed"
              : "important in at least one run",
      };
    })
    .sort((a, b) => b.meanImportanceShare - a.meanImportanceShare || (a.agent < b.agent ? -1 : 1));
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
