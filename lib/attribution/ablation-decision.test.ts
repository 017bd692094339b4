/**
 * `EngineConfig.ablate` switches each decision rule off at its one switch point: a toy per rule
 * whose verdict changes with the switch, and byte-identical reports without the option. Toys of our
 * own (a slogan, lighthouses, a tide table, a seed bank, a ferry roster), not dataset records.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { TERMINATION_ATTR } from "../trace/run-termination";
import { analyzeTrace } from "./index";
import { TEST_GRAPHS } from "./test-graphs";
import type { AblatableRule } from "./ablation";

type Steps = TTraceInput["steps"];
const make = (steps: Steps, run: Partial<TTraceInput["run"]> & { task: string }, givers: string[] = []) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", ...run },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) =>
      givers.includes(name) ? { name, kind: "task_giver" } : { name },
    ),
    steps,
    edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
  });
const off = (t: ReturnType<typeof make>, ...ablate: AblatableRule[]) => analyzeTrace(t, { ablate });
const chosen = (r: ReturnType<typeof analyzeTrace>) => r.decisive ?? r.suspects?.[0];

describe("without the ablation option", () => {
  it("reports are byte-identical whether the option is absent, undefined or an empty list", () => {
    for (const build of Object.values(TEST_GRAPHS)) {
      const plain = JSON.stringify(analyzeTrace(build()));
      expect(JSON.stringify(analyzeTrace(build(), { ablate: [] }))).toBe(plain);
      expect(JSON.stringify(analyzeTrace(build(), { ablate: undefined }))).toBe(plain);
    }
    // The default config has no such key; a report made with a rule off says so in its config.
    const t = TEST_GRAPHS.rubberStampReviewer();
    expect(analyzeTrace(t).config).not.toHaveProperty("ablate");
    expect(analyzeTrace(t, { ablate: ["loop-entry"] }).config.ablate).toEqual(["loop-entry"]);
  });
});

describe("approved-origin", () => {
  // An inspector (a checker by name) approves a slogan it restates, without checking it.
  const steps: Steps = [
    {
      id: "p1",
      agent: "copywriter",
      kind: "message",
      content: 'Title case, every major word capitalised: the slogan becomes "Fresh bread For Every Table".',
    },
    {
      id: "r1",
      agent: "inspector",
      kind: "message",
      content: 'I went through each word: "Fresh bread For Every Table" follows the rule. Verified and approved.',
    },
    { id: "r2", agent: "inspector", kind: "message", content: "Done." },
  ];
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Put the slogan 'fresh bread for every table' into title case." },
    agents: [{ name: "copywriter" }, { name: "inspector", description: "inspects the copy" }],
    steps,
    edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
  });
  it("hands the missed check over to the proposal it approved; off, the approval stays decisive", () => {
    const on = analyzeTrace(t);
    expect(on.decision?.rule).toBe("approved-origin");
    expect(on.decisive?.stepId).toBe("p1");
    const without = off(t, "approved-origin");
    expect(without.decision?.rule).toBe("earliest-but-for");
    expect(without.decisive?.stepId).toBe("r1");
  });
});

describe("answer-origin", () => {
  const task = "How many lighthouses stand on the northern coast of the bay?";
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task, finalAnswer: "6", attributes: { [TERMINATION_ATTR]: "concluded" } },
    agents: [{ name: "visitor", kind: "task_giver" }, { name: "Lead" }, { name: "Reader" }, { name: "Counter" }],
    steps: [
      { id: "s0", agent: "visitor", kind: "message", content: task },
      { id: "s1", agent: "Lead", kind: "delegate", target: "Reader", content: "Find the lighthouses on the bay." },
      {
        id: "s2",
        agent: "Reader",
        kind: "message",
        content: "I opened the coast guide. Northern coast: Kestrel Point, Saltmarsh Head, Gannet Rock, Pell Light.",
      },
      { id: "s3", agent: "Lead", kind: "delegate", target: "Counter", content: "Count the northern ones." },
      { id: "s4", agent: "Counter", kind: "message", content: "The northern coast has 6 lighthouses." },
      { id: "s5", agent: "Lead", kind: "thought", content: "Task complete. The answer is 6 lighthouses." },
      { id: "s6", agent: "Lead", kind: "final", content: "FINAL ANSWER: 6" },
    ],
    edges: [],
  });
  it("names where the concluded wrong answer entered; off, the decision falls back to a prior", () => {
    const on = analyzeTrace(t);
    expect(on.decision?.rule).toBe("answer-origin");
    expect(on.decisive?.stepId).toBe("s4");
    const without = off(t, "answer-origin");
    expect(without.decision?.rule).toBe("exposure-prior");
    expect(chosen(without)?.stepId).not.toBe("s4");
  });
});

describe("value provenance, its claim finding and the prior below it", () => {
  const task = "When is high tide at Port Ellis tomorrow?";
  const t = make(
    [
      { id: "q", agent: "sailor", kind: "message", content: task },
      { id: "h1", agent: "Harbourmaster", kind: "message", content: "Tide clerk, please read tomorrow's table." },
      {
        id: "c1",
        agent: "TideClerk",
        kind: "message",
        content: "High tide at Port Ellis is at 14:20, height 3.8 m, range 412 cm over 378 minutes.",
      },
      { id: "f1", agent: "Harbourmaster", kind: "final", content: "High tide tomorrow: 14:20, 3.8 m." },
    ],
    { task, finalAnswer: "14:20, 3.8 m" },
    ["sailor"],
  );
  const names = (r: ReturnType<typeof analyzeTrace>) => r.steps.flatMap((s) => s.detectors.map((d) => d.name));
  it("value-provenance off: the repair model decides on the same evidence", () => {
    expect(analyzeTrace(t).decision?.rule).toBe("value-provenance");
    const without = off(t, "value-provenance");
    expect(without.decision?.rule).toBe("earliest-but-for");
    expect(names(without)).toContain("unsourced-value");
  });
  it("a claim-finding or detector name off drops its hits", () => {
    expect(names(analyzeTrace(t))).toEqual(expect.arrayContaining(["unsourced-value", "ungrounded-value"]));
    const noClaim = off(t, "unsourced-value");
    expect(names(noClaim)).not.toContain("unsourced-value");
    expect(noClaim.decision?.rule).toBe("earliest-but-for");
    expect(names(off(t, "ungrounded-value"))).not.toContain("ungrounded-value");
  });
  it("exposure-prior off: with no evidence left, no most-exposed agent is named", () => {
    expect(off(t, "unsourced-value", "ungrounded-value").decision?.rule).toBe("exposure-prior");
    expect(off(t, "unsourced-value", "ungrounded-value", "exposure-prior").decision?.rule).not.toBe("exposure-prior");
  });
});

describe("exposure-tiebreak and the coordinator weight", () => {
  const task = "Summarise the seed bank's stock of barley and lentils.";
  const refused = (id: string, agent: string, crop: string) => ({
    id,
    agent,
    kind: "tool_call" as const,
    tool: { name: "stock", arguments: { crop }, result: "Error: permission denied" },
    status: "error" as const,
  });
  const t = make(
    [
      { id: "q", agent: "curator", kind: "message", content: task },
      refused("a1", "Alder", "barley"),
      { id: "a2", agent: "Alder", kind: "message", content: "Barley stock is recorded in the vault ledger." },
      refused("b1", "Birch", "lentils"),
      { id: "b2", agent: "Birch", kind: "message", content: "Lentil stock is recorded in the vault ledger too." },
      { id: "b3", agent: "Birch", kind: "message", content: "I also sorted the lentil drawer labels." },
      { id: "f1", agent: "Writer", kind: "final", content: "Both crops are recorded in the vault ledger." },
    ],
    { task },
    ["curator"],
  );
  it("a joint repair across agents goes to the most exposed agent; off, to its earliest step", () => {
    const on = analyzeTrace(t);
    expect(on.decision?.rule).toBe("exposure-tiebreak");
    expect(on.decisive?.stepId).toBe("b1");
    const without = off(t, "exposure-tiebreak");
    expect(without.decision?.rule).toBe("earliest-of-minimal-fix-set");
    expect(without.decisive?.stepId).toBe("a1");
  });

  it("the prior's pick among the agents is stated with a prior's confidence (ADR 0121); the earliest fault is not", () => {
    expect(analyzeTrace(t).decisive?.confidence).toBeLessThanOrEqual(0.5);
    expect(off(t, "exposure-tiebreak").decisive?.confidence).toBeGreaterThan(0.5);
  });

  it("coordinator-weight off: a skipper who only hands out shifts counts as much as the crew", () => {
    const roster = "Draw up the ferry crew roster for the weekend.";
    const say = (id: string, agent: string, content: string) => ({ id, agent, kind: "message" as const, content });
    const crew = make(
      [
        say("q", "office", roster),
        say("l1", "Skipper", "Mara, take the Saturday morning shifts of the roster."),
        say("l2", "Skipper", "Tomas, take the Sunday shifts of the roster."),
        say("l3", "Skipper", "Mara, also cover the Saturday evening crossing."),
        say("m1", "Mara", "Saturday morning deckhands are assigned."),
        say("t1", "Tomas", "Sunday crew is assigned."),
        say("m2", "Mara", "Saturday evening crossing is covered as well."),
      ],
      { task: roster },
      ["office"],
    );
    const on = analyzeTrace(crew);
    expect(on.decision?.rule).toBe("exposure-prior");
    expect(chosen(on)?.agent).toBe("Mara");
    expect(chosen(off(crew, "coordinator-weight"))?.agent).toBe("Skipper");
  });
});
