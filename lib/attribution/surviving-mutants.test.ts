/**
 * Tests that kill the hand-made mutants that survived the 0.4.0 suite (engine review §3): each
 * `describe` names the mutant and checks the public property the mutant breaks. M5 (no preference
 * pairs) is killed in repair-aware-pairs.test.ts, M6/M7 (importance retention, lowImportance) in
 * dylan-importance.test.ts, M1/M2 also in agent-game.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { findAggregators } from "./aggregation-rules";
import { playAgentGame } from "./agent-game";
import { buildStepGame } from "./step-game";
import { localizeFirstError } from "./first-error";
import { responsibilities } from "./responsibility";
import { classifyInteraction } from "./interaction-class";
import { analyzeTrace } from "./analyze-trace";

const config = resolveConfig();
const edge = (from: string, to: string, kind: "message" | "aggregation" = "message") => ({
  from,
  to,
  kind,
  evidence: "toy",
  confidence: 1,
});
const parse = (steps: TTraceInput["steps"], edges: TTraceInput["edges"]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });

/** Three voters into a majority vote taken by `judge`, then the final answer. */
const threeVoters = () =>
  parse(
    [
      { id: "a", agent: "A", kind: "message", content: "vote a" },
      { id: "b", agent: "B", kind: "message", content: "vote b" },
      { id: "x", agent: "X", kind: "message", content: "vote x" },
      {
        id: "agg",
        agent: "J",
        kind: "aggregate",
        name: "majority vote",
        attributes: { aggregator: "vote" },
        content: "majority",
      },
      { id: "f", agent: "J", kind: "final", content: "answer" },
    ],
    [
      edge("a", "agg", "aggregation"),
      edge("b", "agg", "aggregation"),
      edge("x", "agg", "aggregation"),
      edge("agg", "f"),
    ],
  );

function stepGame(trace: ReturnType<typeof parse>, faulty: string[]) {
  const g = buildGraph(trace, config);
  const local = new Uint8Array(g.n);
  for (const id of faulty) local[g.indexOf.get(id)!] = 1;
  const input = { g, aggregators: findAggregators(g), blocked: new Uint8Array(g.n) };
  return { g, input, local, game: buildStepGame(input, local, Float64Array.from(local), config.maxCounterfactuals) };
}

describe("M15: the decisive step is the earliest but-for cause, not the latest", () => {
  it("two wrong votes, each necessary: repairing either flips the outcome, and the earlier one is decisive", () => {
    const { g, game } = stepGame(threeVoters(), ["a", "b"]);
    const first = localizeFirstError(game);
    expect(first.rule).toBe("earliest-but-for");
    expect([...first.flips].map((p) => g.steps[game.players[p]].id).sort()).toEqual(["a", "b"]);
    expect(g.steps[game.players[first.decisive]].id).toBe("a");
  });
});

describe("M8: Halpern–Pearl responsibility is 1/(k+1), not always 1", () => {
  it("three wrong votes: no single repair flips, one other repair as contingency makes each critical: 1/2 each", () => {
    const { game } = stepGame(threeVoters(), ["a", "b", "x"]);
    const first = localizeFirstError(game);
    expect(first.flips.size).toBe(0);
    const { resp, contingency } = responsibilities(game, first.flips);
    expect(resp).toEqual([0.5, 0.5, 0.5]);
    for (const w of contingency) expect(w).toHaveLength(1);
  });

  it("a but-for cause has responsibility 1 and a fault that never matters 0", () => {
    // a and b wrong: each flips alone (responsibility 1). A fault off every path to the outcome: 0.
    const trace = parse(
      [
        { id: "a", agent: "A", kind: "message", content: "vote a" },
        { id: "b", agent: "B", kind: "message", content: "vote b" },
        { id: "x", agent: "X", kind: "message", content: "vote x" },
        {
          id: "agg",
          agent: "J",
          kind: "aggregate",
          name: "majority vote",
          attributes: { aggregator: "vote" },
          content: "majority",
        },
        { id: "f", agent: "J", kind: "final", content: "answer" },
        { id: "late", agent: "Z", kind: "message", content: "an aside after the answer" },
      ],
      [
        edge("a", "agg", "aggregation"),
        edge("b", "agg", "aggregation"),
        edge("x", "agg", "aggregation"),
        edge("agg", "f"),
      ],
    );
    const { game } = stepGame(trace, ["a", "b", "late"]);
    // The sink is the final step f, so "late" reaches nothing.
    const { resp } = responsibilities(game, localizeFirstError(game).flips);
    expect(resp).toEqual([1, 1, 0]);
  });
});

describe("M4: the interaction classes each fire on their own structure", () => {
  const base = {
    candidates: 2,
    explained: true,
    repairAllSucceeds: true,
    boundariesCrossed: 0,
    corruptedDescendants: 0,
  };
  it("overdetermined: no single repair flips and each fault alone suffices", () => {
    const sufficient = [
      { agent: "A", aloneSufficient: true },
      { agent: "B", aloneSufficient: true },
    ];
    expect(classifyInteraction({ ...base, flipping: [], minimalFixSet: sufficient }).class).toBe("overdetermined");
  });
  it("composed: two agents each necessary, none sufficient", () => {
    const necessary = [
      { agent: "A", aloneSufficient: false },
      { agent: "B", aloneSufficient: false },
    ];
    expect(classifyInteraction({ ...base, flipping: necessary, minimalFixSet: necessary }).class).toBe("composed");
  });
  it("unchanged: one root that stays within one boundary", () => {
    const one = [{ agent: "A", aloneSufficient: true }];
    expect(
      classifyInteraction({ ...base, flipping: one, minimalFixSet: one, boundariesCrossed: 1, corruptedDescendants: 1 })
        .class,
    ).toBe("unchanged");
  });
});

describe("M1/M2: the Myerson value is computed on the communication graph, not copied from Shapley", () => {
  it("two necessary voters that can talk only through a third agent with faults of its own: Myerson gives the bridge a share", () => {
    // Five votes; e1 and e2 are wrong for environmental reasons (never repaired), so A and B must
    // both be repaired: v(S) = 1[A, B ∈ S]. C takes the vote and has an unrelated fault after it
    // (c0 reaches nothing): a null player for Shapley. But A and B can only communicate through C,
    // so in Myerson's restricted game {A, B} achieves nothing without C: 1/3 each.
    const trace = parse(
      [
        { id: "a", agent: "A", kind: "message", content: "vote a" },
        { id: "b", agent: "B", kind: "message", content: "vote b" },
        { id: "e1", agent: "E1", kind: "message", content: "vote e1" },
        { id: "e2", agent: "E2", kind: "message", content: "vote e2" },
        { id: "x", agent: "X", kind: "message", content: "vote x" },
        {
          id: "agg",
          agent: "C",
          kind: "aggregate",
          name: "majority vote",
          attributes: { aggregator: "vote" },
          content: "majority",
        },
        { id: "c0", agent: "C", kind: "message", content: "an unrelated slip" },
        { id: "f", agent: "J", kind: "final", content: "answer" },
      ],
      [...["a", "b", "e1", "e2", "x"].map((v) => edge(v, "agg", "aggregation")), edge("agg", "f")],
    );
    const g = buildGraph(trace, config);
    const local = new Uint8Array(g.n);
    const environmental = new Uint8Array(g.n);
    for (const id of ["a", "b", "c0", "e1", "e2"]) local[g.indexOf.get(id)!] = 1;
    for (const id of ["e1", "e2"]) environmental[g.indexOf.get(id)!] = 1;
    const game = playAgentGame(
      { g, aggregators: findAggregators(g), blocked: new Uint8Array(g.n) },
      local,
      environmental,
      config,
    );
    const name = (p: number) => g.agentNames[game.players[p]];
    const by = (vals: number[]) => Object.fromEntries(vals.map((x, p) => [name(p), x]));
    expect(by(game.shapley.values)).toEqual({ A: 0.5, B: 0.5, C: 0 });
    const myerson = by(game.myerson);
    expect(myerson.A).toBeCloseTo(1 / 3, 12);
    expect(myerson.B).toBeCloseTo(1 / 3, 12);
    expect(myerson.C).toBeCloseTo(1 / 3, 12);
    expect(game.myersonTotal).toBe(game.total);
  });
});

describe("M9: the budget share is taken out of agent blame", () => {
  it("an agent fault plus a rate-limit hit that alone still fails the run: agent blame shrinks by the budget share", () => {
    const trace = parse(
      [
        { id: "s0", agent: "A", kind: "message", content: "The total is 4821." },
        {
          id: "s1",
          agent: "B",
          kind: "message",
          content: "Calling the model again",
          status: "error",
          error: { type: "RateLimitError", message: "rate limit exceeded" },
        },
        { id: "s2", agent: "B", kind: "final", content: "No answer." },
      ],
      [edge("s0", "s1"), edge("s1", "s2")],
    );
    const report = analyzeTrace(trace, {
      extraEvidence: [{ stepId: "s0", name: "planted", score: 0.9, note: "planted fault" }],
    });
    const budget = report.flags.tokenBudgetConfound!;
    expect(budget.budgetLimited).toBe(true);
    const total = report.agents.reduce((s, a) => s + a.blame, 0);
    expect(total).toBeCloseTo(1 - budget.budgetShare, 5);
    expect(budget.budgetShare).toBeGreaterThan(0);
  });
});

describe("the interaction rule reads as a sentence", () => {
  it("says a fault stayed within its agent, never 'within 0 agent boundary'", () => {
    const one = [{ agent: "A", aloneSufficient: true }];
    const base = { candidates: 2, explained: true, repairAllSucceeds: true };
    const rule = (boundariesCrossed: number, corruptedDescendants: number) =>
      classifyInteraction({ ...base, flipping: one, minimalFixSet: one, boundariesCrossed, corruptedDescendants }).rule;
    expect(rule(0, 1)).toBe("a single root fault stays within its agent and corrupts 1 later step");
    expect(rule(1, 2)).toBe("a single root fault crosses one agent boundary and corrupts 2 later steps");
  });
});
