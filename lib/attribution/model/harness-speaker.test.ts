/**
 * Harness speakers, by behaviour: a speaker whose steps only pose the question, relay other agents'
 * answers verbatim, or fill a template with a counter is the harness, whatever it is called. Its
 * text is evidence, never the culprit; an agent that quotes others and adds its own work stays one.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { analyzeTrace } from "../analyze-trace";
import { classifyParticipants, markParticipants } from "./participants";
import { isAgentUtterance } from "../detectors/patterns";
import { scaffoldingSteps } from "./scaffolding";

type Line = [agent: string, content: string];

const QUESTION =
  "A ferry line runs 12 crossings a day carrying 37 cars each, and 9 night crossings carrying 24 cars each. How many cars does it carry per day?";

/** Ensembles often record only a generic task: the harness's opening message holds the question. */
const GENERIC_TASK = "Answer the question the moderator poses.";

function trace(lines: Line[], task = GENERIC_TASK) {
  const names = [...new Set(lines.map(([a]) => a))];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task },
    agents: names.map((name) => ({ name })),
    steps: lines.map(([agent, content], i) => ({
      id: `m${i}`,
      agent,
      kind: i === lines.length - 1 ? "final" : "message",
      content,
    })),
  });
}

function kinds(lines: Line[], task?: string): Record<string, string> {
  const g = buildGraph(trace(lines, task), DEFAULT_CONFIG);
  markParticipants(g);
  const k = classifyParticipants(g);
  return Object.fromEntries(g.agentNames.map((n, a) => [n, k[a]]));
}

const day = [
  "Day crossings: 12 crossings times 37 cars is 444 cars.",
  "Night crossings: 9 crossings times 24 cars is 216 cars.",
];
const solverA = [...day, "Per day: 444 + 216 = 660 cars."].join("\n");
const solverB = [
  "Day crossings: 12 crossings times 37 cars is 484 cars.",
  day[1],
  "Per day: 484 + 216 = 700 cars.",
].join("\n");
const solverC = [...day, "So the line carries 660 cars per day."].join("\n");
const relay = (...answers: string[]) =>
  [
    "These are the answers of the other solvers:",
    ...answers,
    "Use them as extra advice and give an updated answer.",
  ].join("\n");

/** Three solvers, two rounds; the harness poses the question and relays the others' answers. */
function debate(harness: string): Line[] {
  return [
    [harness, `Answer the question below.\n${QUESTION}`],
    ["Solver_A", solverA],
    ["Solver_B", solverB],
    ["Solver_C", solverC],
    [harness, relay(solverB, solverC)],
    ["Solver_A", "Solver B's count is convincing: 484 + 216 = 700 cars per day."],
    [harness, relay(solverA, solverC)],
    ["Solver_B", "I keep my answer: 700 cars per day."],
    [harness, relay(solverA, solverB)],
    ["Solver_C", "The other answers point to 700, so 700 cars per day."],
    ["Judge", "The solvers agree. Final answer: 700"],
  ];
}

describe("a debate ensemble's harness", () => {
  it("is the harness under any name: it poses the question and relays answers verbatim", () => {
    for (const name of ["System", "User", "round_keeper"]) {
      const k = kinds(debate(name));
      expect(k[name]).toBe("harness");
      for (const solver of ["Solver_A", "Solver_B", "Solver_C"]) expect(k[solver]).not.toBe("harness");
    }
  });

  it("names the solver whose miscomputed count the others and the judge adopted, never the harness", () => {
    for (const name of ["System", "User"]) {
      const report = analyzeTrace(trace(debate(name)));
      expect(report.participants?.find((p) => p.agent === name)?.kind).toBe("harness");
      const named = report.decisive?.agent ?? report.suspects?.[0]?.agent;
      expect(named).toBe("Solver_B");
      expect(report.agents.find((a) => a.agent === name)?.role).not.toBe("culprit");
      expect((report.suspects ?? []).map((s) => s.agent)).not.toContain(name);
    }
  });

  it("a judge that speaks once, at the close, with its verdict decides: it is no harness", () => {
    expect(kinds(debate("System")).Judge).not.toBe("harness");
    // Near miss: a speaker that only closes the run with a bare keyword is the harness.
    const closed: Line[] = [...debate("System").slice(0, -1), ["Closer", "TERMINATE"]];
    expect(kinds(closed).Closer).toBe("harness");
  });

  it("answers forwarded inside fences on the heading's line are relayed all the same", () => {
    const fenced = (...answers: string[]) =>
      [
        "These are the solutions to the problem from other agents:",
        ...answers.map((x) => `One agent solution: \`\`\`${x}\`\`\``),
        "Using the solutions from other agents as additional information, give an updated answer.",
      ].join("\n\n");
    const lines = debate("System").map(([a, c], i): Line => {
      if (i === 4) return [a, fenced(solverB, solverC)];
      if (i === 6) return [a, fenced(solverA, solverC)];
      if (i === 8) return [a, fenced(solverA, solverB)];
      return [a, c];
    });
    expect(kinds(lines).System).toBe("harness");
  });

  it("a harness that poses the question to each solver in turn is still the harness", () => {
    const lines = debate("System");
    const ask = lines[0];
    lines.splice(2, 0, ask);
    lines.splice(4, 0, ask);
    expect(kinds(lines).System).toBe("harness");
    const report = analyzeTrace(trace(lines));
    expect(report.decisive?.agent ?? report.suspects?.[0]?.agent).toBe("Solver_B");
  });

  it("near miss: a solver that quotes the others and adds its own reasoning is no relay", () => {
    const g = buildGraph(
      trace([
        ["System", `Answer the question below.\n${QUESTION}`],
        ["Solver_A", solverA],
        ["Solver_B", `${solverA}\nI checked the night crossings again: 9 times 24 is 216, so I agree.`],
        ["Judge", "Final answer: 660"],
      ]),
      DEFAULT_CONFIG,
    );
    expect(scaffoldingSteps(g).relay[2]).toBe(0);
  });

  it("near miss: an agent that relays once and then does its own work is not the harness", () => {
    const lines = debate("System");
    lines[6] = ["System", "Solver B's breakdown double counts the day crossings; 12 times 37 is 444, not 484."];
    expect(kinds(lines).System).not.toBe("harness");
  });
});

const SEARCH_QUESTION = "What is the elevation in metres of the Col de Varenne pass?";

/** "User" poses the question, "System" hands each cycle over with a counter; the searcher misreads its tool. */
function managerSearcher(user: string, system: string) {
  const steps = [
    { id: "q", agent: user, kind: "message", content: `Please answer this question.\n${SEARCH_QUESTION}` },
    { id: "p1", agent: system, kind: "message", content: "-- relay packet 1 -- next: Manager" },
    {
      id: "m1",
      agent: "Manager",
      kind: "message",
      content: "Searcher, please look up the elevation of the Col de Varenne pass.",
    },
    { id: "p2", agent: system, kind: "message", content: "-- relay packet 2 -- next: Searcher" },
    {
      id: "s1",
      agent: "Searcher",
      kind: "tool_call",
      content: "Looking up the pass.",
      tool: {
        name: "geo_lookup",
        arguments: { query: "Col de Varenne elevation" },
        result: "Col de Varenne: elevation 1874 m, length 14 km",
      },
    },
    { id: "s2", agent: "Searcher", kind: "message", content: "The lookup says the Col de Varenne is 2318 m high." },
    { id: "p3", agent: system, kind: "message", content: "-- relay packet 3 -- next: Manager" },
    { id: "m2", agent: "Manager", kind: "final", content: "The Col de Varenne pass rises to 2318 m." },
  ];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Answer the user's question." },
    agents: [user, system, "Manager", "Searcher"].map((name) => ({ name })),
    steps,
  });
}

describe("a manager/searcher ensemble with two harness speakers", () => {
  it("the templated hand-over speaker is the harness, not a worker", () => {
    const g = buildGraph(managerSearcher("User", "System"), DEFAULT_CONFIG);
    markParticipants(g);
    const k = classifyParticipants(g);
    expect(k[g.agentNames.indexOf("System")]).toBe("harness");
    expect(k[g.agentNames.indexOf("Searcher")]).not.toBe("harness");
  });

  it("names the searcher that misreported its tool's result, never a harness speaker", () => {
    for (const [user, system] of [
      ["User", "System"],
      ["client", "dispatcher"],
    ]) {
      const report = analyzeTrace(managerSearcher(user, system));
      const named = report.decisive?.agent ?? report.suspects?.[0]?.agent;
      expect(named).toBe("Searcher");
      for (const h of [user, system]) {
        expect(report.participants?.find((p) => p.agent === h)?.kind).toBe("harness");
        expect(report.agents.find((a) => a.agent === h)?.role).not.toBe("culprit");
      }
    }
  });

  it("near miss: a number the speaker changes freely is an answer, not a counter", () => {
    const g = buildGraph(
      trace(
        [
          ["Estimator", "Estimate: 40 cars."],
          ["Checker", "Try again."],
          ["Estimator", "Estimate: 47 cars."],
          ["Checker", "Try again."],
          ["Estimator", "Estimate: 52 cars."],
          ["Checker", "Done."],
        ],
        "Estimate the cars.",
      ),
      DEFAULT_CONFIG,
    );
    const s = scaffoldingSteps(g);
    expect([s.template[0], s.template[2], s.template[4]]).toEqual([0, 0, 0]);
  });
});

describe("a working agent that also fills a template", () => {
  const lines: Line[] = [];
  for (let cycle = 1; cycle <= 3; cycle++) {
    lines.push(["Planner", `[planner] hand-over sheet, cycle ${cycle}`]);
    lines.push([
      "Planner",
      `Cycle ${cycle} plan: ${["check the tide table", "book the pilot", "confirm the berth"][cycle - 1]}.`,
    ]);
    lines.push([
      "Crew",
      `Done with cycle ${cycle}: ${["tide at 06:40", "pilot booked", "berth 7 confirmed"][cycle - 1]}.`,
    ]);
  }
  lines.push(["Planner", "All set: sail at 06:40 from berth 7."]);

  it("its templated steps are scaffolding, its own plans stay its utterances, and it stays an agent", () => {
    const g = buildGraph(trace(lines, "Prepare the departure."), DEFAULT_CONFIG);
    markParticipants(g);
    expect([0, 3, 6].map((v) => isAgentUtterance(g, v))).toEqual([false, false, false]);
    expect([1, 4, 7, 9].map((v) => isAgentUtterance(g, v))).toEqual([true, true, true, true]);
    expect(classifyParticipants(g)[g.agentNames.indexOf("Planner")]).not.toBe("harness");
  });
});
