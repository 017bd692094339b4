/**
 * Spectrum-based suspiciousness across many runs of one system (FAMAS, Ge et al., FSE 2026;
 * FAMAS, spectrum-based fault localization). For a behaviour η of an agent, over failed runs F and successful runs S:
 *
 *   n^λ_cf = Σ_{r∈F, f_{r,η}>0} λ^(f_{r,η}−1)     (λ-decayed: repeating η inside one run counts less)
 *   n^λ_cs = same over S,  n_uf = |{r ∈ F : f_{r,η} = 0}|
 *   Kulczynski2_λ = ½ · [ n^λ_cf/(n^λ_cf + n_uf) + n^λ_cf/(n^λ_cf + n^λ_cs) ]
 *   α = 1 + log_{1/λ}(f_{0,η})   (frequency inside the target failed run; 1 when absent)
 *   β = f_η / f_agent,  γ = nc_η / nc_agent
 *   S(η) = α · Kulczynski2_λ · (1 + β) · (1 + γ)
 *
 * An agent's suspiciousness is that of its most suspicious behaviour (FAMAS ranks η; the top one
 * names the agent). Classic Ochiai is reported alongside for comparison.
 */
import type { Behaviour } from "./behaviour-signature";

export interface SpectrumRun {
  runId: string;
  outcome: "success" | "failure";
  behaviours: Behaviour[];
}

export interface BehaviourScore {
  /** `${agent}\u0000${signature}` */
  key: string;
  agent: string;
  signature: string;
  score: number;
  alpha: number;
  beta: number;
  gamma: number;
  kulczynski2: number;
  ochiai: number;
  /** λ-decayed counts, and plain run counts. */
  ncf: number;
  ncs: number;
  nuf: number;
  failedRuns: number;
  passedRuns: number;
  /** Occurrences in the target failed run. */
  inTarget: number;
  /** Failed runs showing the behaviour, in input order (links). */
  failedRunIds: string[];
}

export interface AgentScore {
  agent: string;
  score: number;
  topBehaviour: string;
  /** Kulczynski2_λ of the agent's own presence (does this agent appear more in failures?). */
  kulczynski2: number;
  failedRuns: number;
  passedRuns: number;
}

export interface SpectrumResult {
  lambda: number;
  targetRunId: string | null;
  failed: number;
  passed: number;
  behaviours: BehaviourScore[];
  agents: AgentScore[];
}

/** Kulczynski2 with λ-decayed coverage counts; 0 when no failed run covers the behaviour. */
export function kulczynski2(ncf: number, nuf: number, ncs: number): number {
  if (ncf === 0) return 0;
  return 0.5 * (ncf / (ncf + nuf) + ncf / (ncf + ncs));
}

/** Classic Ochiai over plain run counts. */
export function ochiai(cf: number, uf: number, cs: number): number {
  if (cf === 0) return 0;
  return cf / Math.sqrt((cf + uf) * (cf + cs));
}

/** α = 1 + log_{1/λ}(f) for f > 0, else 1. */
export function localFrequencyBoost(f: number, lambda: number): number {
  return f > 0 ? 1 + Math.log(f) / Math.log(1 / lambda) : 1;
}

interface Tally {
  agent: string;
  signature: string;
  /** Count per run, aligned with the runs array (0 = absent). */
  perRun: number[];
}

/** Ranks behaviours and agents by FAMAS suspiciousness. `targetRunId` defaults to the first failed run. */
export function spectrumSuspiciousness(
  runs: SpectrumRun[],
  options: { lambda?: number; targetRunId?: string } = {},
): SpectrumResult {
  const lambda = options.lambda ?? 0.9;
  if (!(lambda > 0 && lambda < 1)) throw new Error(`compare/spectrum: λ must be in (0, 1), got ${lambda}`);
  const target =
    runs.find(
      (r) => r.outcome === "failure" && (options.targetRunId === undefined || r.runId === options.targetRunId),
    ) ?? null;
  const behaviours = new Map<string, Tally>();
  const agents = new Map<string, Tally>();
  runs.forEach((run, r) => {
    for (const b of run.behaviours) {
      const key = `${b.agent}\u0000${b.signature}`;
      bump(behaviours, key, b.agent, b.signature, r, runs.length);
      bump(agents, b.agent, b.agent, "", r, runs.length);
    }
  });
  const failedIdx = runs.flatMap((run, i) => (run.outcome === "failure" ? [i] : []));
  const passedIdx = runs.flatMap((run, i) => (run.outcome === "success" ? [i] : []));
  const targetIdx = target ? runs.indexOf(target) : -1;
  const spectrum = (perRun: number[]) => {
    let ncf = 0,
      ncs = 0,
      nuf = 0,
      cf = 0,
      cs = 0;
    for (const i of failedIdx) {
      if (perRun[i] > 0) {
        ncf += lambda ** (perRun[i] - 1);
        cf++;
      } else nuf++;
    }
    for (const i of passedIdx)
      if (perRun[i] > 0) {
        ncs += lambda ** (perRun[i] - 1);
        cs++;
      }
    return { ncf, ncs, nuf, cf, cs };
  };
  const scored: BehaviourScore[] = [];
  for (const [key, t] of behaviours) {
    const agent = agents.get(t.agent)!;
    const { ncf, ncs, nuf, cf, cs } = spectrum(t.perRun);
    const runsWithAgent = agent.perRun.filter((c) => c > 0).length;
    const runsWithBehaviour = t.perRun.filter((c) => c > 0).length;
    const beta = sum(t.perRun) / sum(agent.perRun);
    const gamma = runsWithBehaviour / runsWithAgent;
    const inTarget = targetIdx >= 0 ? t.perRun[targetIdx] : 0;
    const alpha = localFrequencyBoost(inTarget, lambda);
    const k2 = kulczynski2(ncf, nuf, ncs);
    scored.push({
      key,
      agent: t.agent,
      signature: t.signature,
      score: alpha * k2 * (1 + beta) * (1 + gamma),
      alpha,
      beta,
      gamma,
      kulczynski2: k2,
      ochiai: ochiai(cf, nuf, cs),
      ncf,
      ncs,
      nuf,
      failedRuns: cf,
      passedRuns: cs,
      inTarget,
      failedRunIds: failedIdx.filter((i) => t.perRun[i] > 0).map((i) => runs[i].runId),
    });
  }
  scored.sort((x, y) => y.score - x.score || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  const agentScores: AgentScore[] = [];
  for (const [name, t] of agents) {
    const top = scored.find((b) => b.agent === name)!;
    const { ncf, ncs, nuf, cf, cs } = spectrum(t.perRun);
    agentScores.push({
      agent: name,
      score: top.score,
      topBehaviour: top.signature,
      kulczynski2: kulczynski2(ncf, nuf, ncs),
      failedRuns: cf,
      passedRuns: cs,
    });
  }
  agentScores.sort(
    (x, y) =>
      y.score - x.score || y.kulczynski2 - x.kulczynski2 || (x.agent < y.agent ? -1 : x.agent > y.agent ? 1 : 0),
  );
  return {
    lambda,
    targetRunId: target?.runId ?? null,
    failed: failedIdx.length,
    passed: passedIdx.length,
    behaviours: scored,
    agents: agentScores,
  };
}

function bump(map: Map<string, Tally>, key: string, agent: string, signature: string, run: number, runCount: number) {
  let t = map.get(key);
  if (!t) map.set(key, (t = { agent, signature, perRun: new Array<number>(runCount).fill(0) }));
  t.perRun[run]++;
}

function sum(xs: number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}
