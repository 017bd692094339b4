import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { findAggregators } from "./aggregation-rules";
import { GAME_WORK_BUDGET, playAgentGame } from "./agent-game";
import { analyzeTrace } from "./analyze-trace";

const config = resolveConfig();
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

/** `voters` voters feed one majority vote by `judge`; `wrong` names the faulty voters (by index). */
function voteTrace(voters: number, opts: { aggregationEdges?: boolean; agentOfVoter?: (i: number) => string } = {}) {
  const agentOf = opts.agentOfVoter ?? ((i: number) => `v${i}`);
  const steps: TTraceInput["steps"] = [];
  const edges: TTraceInput["edges"] = [];
  for (let i = 0; i < voters; i++) {
    steps.push({ id: `s${i}`, agent: agentOf(i), kind: "message", content: `vote ${i}` });
    edges.push({ from: `s${i}`, to: "agg", kind: "aggregation", evidence: "test", confidence: 1 });
  }
  steps.push({
    id: "agg",
    agent: "judge",
    kind: "aggregate",
    name: "majority vote",
    attributes: { aggregator: "vote" },
    content: "majority",
  });
  steps.push({ id: "final", agent: "judge", kind: "final", content: "answer" });
  edges.push({ from: "agg", to: "final", kind: "message", evidence: "test", confidence: 1 });
  const agents = [...new Set(steps.map((s) => s.agent))].map((name) => ({ name }));
  return ZTrace.parse({ schema: "culprit.trace/v1", run: { outcome: "failure" }, agents, steps, edges });
}

/** Plays the agent game with the given steps marked as faulty origins. */
function play(trace: ReturnType<typeof voteTrace>, faultyIds: string[]) {
  const g = buildGraph(trace, config);
  const local = new Uint8Array(g.n);
  for (const id of faultyIds) local[g.indexOf.get(id)!] = 1;
  const input = { g, aggregators: findAggregators(g), blocked: new Uint8Array(g.n) };
  return { g, game: playAgentGame(input, local, new Uint8Array(g.n), config) };
}

describe("agent game: Myerson value (review §2c.1)", () => {
  it("3 of 5 wrong voters: Myerson sums to the total, not once per voter", () => {
    const { game } = play(voteTrace(5), ["s0", "s1", "s2"]);
    expect(game.total).toBe(1);
    expect(sum(game.shapley.values)).toBeCloseTo(1, 12);
    expect(sum(game.myerson)).toBeCloseTo(1, 12);
    expect(game.myersonTotal).toBe(1);
    for (const x of game.myerson) expect(x).toBeCloseTo(1 / 3, 12);
  });

  it("voters that talk only through a fault-free judge (a hub) are connected: Myerson = Shapley", () => {
    // 2 of 3 wrong: both repairs are needed. No edge joins the two voters; the judge links them.
    const { game } = play(voteTrace(3), ["s0", "s1"]);
    expect(game.players.length).toBe(2);
    expect(game.shapley.values).toEqual([0.5, 0.5]);
    expect(game.myerson).toEqual([0.5, 0.5]);
    expect(game.myersonTotal).toBe(game.total);
  });

  it("a faulty hub does not connect through itself when it is a player: the restricted game is computed", () => {
    // The judge is faulty too (its aggregate step), so it is a player, not a connector.
    const { game } = play(voteTrace(3), ["s0", "s1", "agg"]);
    expect(sum(game.myerson)).toBeCloseTo(game.myersonTotal, 12);
    expect(game.myersonTotal).toBe(game.total);
  });
});

describe("agent game is bounded for hundreds of voters (security review F-4e)", () => {
  it("500 equal voters, all wrong: exact 1/500 each from the symmetric closed form, O(n) evaluations", () => {
    const n = 500;
    const { game } = play(
      voteTrace(n),
      Array.from({ length: n }, (_, i) => `s${i}`),
    );
    expect(game.shapley.method).toBe("exact");
    expect(game.total).toBe(1);
    for (const x of game.shapley.values) expect(x).toBeCloseTo(1 / n, 12);
    expect(game.myerson).toBe(game.shapley.values);
    expect(game.evaluations).toBeLessThanOrEqual(6 * (n + 1));
  });

  it("unequal voters (one agent owns several votes) fall back to sampling within the work budget, still efficient", () => {
    const n = 400;
    // Agent w0 casts the first 4 votes; everyone else one: not symmetric, so no closed form.
    const trace = voteTrace(n, { agentOfVoter: (i) => (i < 4 ? "w0" : `v${i}`) });
    const { game } = play(
      trace,
      Array.from({ length: n }, (_, i) => `s${i}`),
    );
    const k = game.players.length;
    expect(k).toBe(n - 3);
    expect(game.shapley.method).toBe("sampled");
    expect(sum(game.shapley.values)).toBeCloseTo(game.total, 9);
    // One query reads at least one word per vote input, so the budget allows at most BUDGET / n evaluations per sampled game.
    expect(game.evaluations).toBeLessThanOrEqual(6 * (k + 1) + 2 * Math.floor(GAME_WORK_BUDGET / n));
    // The one-vote agents are interchangeable: equal values (class mean), the sampler's noise averaged out.
    const oneVote = game.shapley.values.slice(1);
    for (const x of oneVote) expect(x).toBe(oneVote[0]);
    expect(game.shapley.halfWidth).toBeGreaterThan(0); // the budget shows as a wider interval
  });

  it("analyzeTrace on 500 failing voters gives each the same blame, summing to 1", () => {
    const n = 500;
    const agents = [{ name: "agg" }];
    const steps: TTraceInput["steps"] = [];
    const edges: TTraceInput["edges"] = [];
    for (let i = 0; i < n; i++) {
      agents.push({ name: `a${i}` });
      steps.push({
        id: `s${i}`,
        agent: `a${i}`,
        kind: "tool_result",
        content: `Error: failed ${i}`,
        status: "error",
        error: { message: `boom ${i}` },
        tool: { name: "t", result: "Traceback: error" },
      });
      edges.push({ from: `s${i}`, to: "final", kind: "aggregation", evidence: "x", confidence: 1 });
    }
    steps.push({
      id: "final",
      agent: "agg",
      kind: "aggregate",
      name: "majority vote",
      content: "final answer 42",
      attributes: { aggregator: "vote" },
    });
    const trace = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { title: "vote", outcome: "failure", groundTruth: "7" },
      agents,
      steps,
      edges,
    });
    const report = analyzeTrace(trace);
    expect(report.shapley.total).toBe(1);
    expect(sum(report.agents.map((a) => a.blame))).toBeCloseTo(1, 4);
    const voterBlame = report.agents.filter((a) => a.agent !== "agg").map((a) => a.blame);
    expect(new Set(voterBlame).size).toBe(1); // interchangeable voters, equal blame
    // Sampling stays within the budget: each permutation costs n + 1 queries of at least n words.
    expect(report.shapley.samples).toBeLessThanOrEqual(Math.max(2, GAME_WORK_BUDGET / (n * (n + 1))));
  });
});
