/**
 * `EngineConfig.ablate` below the decision's rule names: which step of a chosen agent (dead end,
 * loop entry), what counts as a claim (a quoted phrase from the task, a link typed in code), the
 * period qualifier of a dropped constraint, and harness text by behaviour. A toy per rule where the
 * verdict or the finding changes with the switch. Toys of our own, not dataset records.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { OBSERVATION_AT, OBSERVED_RESOURCE } from "../trace/canonical-attributes";
import { analyzeTrace } from "./index";
import { buildGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";
import { markParticipants } from "./model/participants";
import { buildProvenance } from "./claims/provenance";
import { markAblated, type AblatableRule } from "./ablation";

type Steps = TTraceInput["steps"];
const make = (steps: Steps, run: Partial<TTraceInput["run"]> & { task: string }, giver?: string) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", ...run },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) =>
      name === giver ? { name, kind: "task_giver" } : { name },
    ),
    steps,
    edges: [],
  });
const graph = (t: ReturnType<typeof make>, ablate: AblatableRule[] = []) => {
  const g = markAblated(buildGraph(t, DEFAULT_CONFIG), ablate);
  markParticipants(g);
  return g;
};
const say = (id: string, agent: string, content: string) => ({ id, agent, kind: "message" as const, content });

describe("which step of the chosen agent", () => {
  it("dead-end off: the earliest flagged step stays decisive", () => {
    const task = "Find the shelf mark of the coastal atlas.";
    const OPEN = "Open the catalogue page that lists the atlas's shelf mark.";
    const ask = (id: string) => ({
      id,
      agent: "archivist",
      kind: "delegate" as const,
      target: "browser",
      content: OPEN,
    });
    const page = (id: string, action: string, url: string, text: string) => ({
      ...say(id, "browser", `${action}\n\nPage ${url} shows:\n${text}`),
      attributes: { [OBSERVATION_AT]: action.length + 2, [OBSERVED_RESOURCE]: url },
    });
    const t = make(
      [
        say("task", "patron", task),
        ask("i1"),
        page("b1", "I searched the catalogue.", "https://catalogue.example/?q=atlas", "Atlas results shelf loans map"),
        ask("i2"),
        page("b2", "I clicked 'Events'.", "https://catalogue.example/events", "Talks readings workshops calendar"),
        ask("i3"),
        page("b3", "I scrolled down.", "https://catalogue.example/events", "Volunteers newsletter privacy contact"),
        { id: "end", agent: "archivist", kind: "final", content: "FINAL ANSWER: unknown" },
      ],
      { task },
      "patron",
    );
    const on = analyzeTrace(t);
    expect(on.decisive?.stepId).toBe("b2");
    expect(on.decisive?.evidence.note).toMatch(/dead end/);
    const without = analyzeTrace(t, { ablate: ["dead-end"] });
    expect(without.decisive?.stepId).toBe("b1");
    expect(without.decisive?.evidence.note).not.toMatch(/dead end/);
  });

  it("loop-entry off: a late repeat stays decisive", () => {
    const PLAN =
      "Gardener plan: read the soil sensors in every bed, water the beds whose moisture is under the mark, then log the litres used per bed in the greenhouse book before noon.";
    const gardener = (id: string) => say(id, "gardener", PLAN);
    const t = make(
      [
        say("s0", "steward", "Please water the greenhouse and log the litres per bed."),
        gardener("g1"),
        say("s1", "steward", "Go ahead with the sensors."),
        gardener("g2"),
        say("s2", "steward", "The book is still empty."),
        gardener("g3"),
        say("s3", "steward", "Any litres logged yet?"),
        gardener("g4"),
        say("s4", "steward", "Closing the day without the log."),
      ],
      { task: "Water the greenhouse beds and log the litres per bed." },
    );
    expect(analyzeTrace(t).decisive?.stepId).toBe("g1");
    const without = analyzeTrace(t, { ablate: ["loop-entry"] }).decisive;
    expect(without?.agent).toBe("gardener");
    expect(without?.stepId).not.toBe("g1");
  });
});

describe("what counts as a claim", () => {
  it("quoted-task-phrase off: a quoted phrase the task holds unquoted has no source", () => {
    const task = "Which chapter of the guide is called Salt and Stone?";
    const t = make(
      [
        say("q", "reader", task),
        say("a1", "Librarian", 'The chapter titled "Salt and Stone" is chapter 7.'),
        { id: "f", agent: "Librarian", kind: "final", content: "Chapter 7" },
      ],
      { task },
      "reader",
    );
    const sources = (ablate: AblatableRule[]) =>
      buildProvenance(graph(t, ablate))
        .records.filter((r) => r.claim.kind === "quoted")
        .map((r) => r.source);
    expect(sources([])).toEqual(["task"]);
    expect(sources(["quoted-task-phrase"])).toEqual(["none"]);
  });

  it("links-in-code off: a link typed into code that reaches the answer is an unsourced value", () => {
    const task = "Where can the ferry timetable be downloaded?";
    const url = "https://ferries.example/timetable.pdf";
    const t = make(
      [
        say("q", "clerk", task),
        say("c1", "Coder", `\`\`\`python\nimport requests\nrequests.get("${url}")\n\`\`\``),
        { id: "f", agent: "Coder", kind: "final", content: `Download it at ${url}` },
      ],
      { task, finalAnswer: url },
      "clerk",
    );
    const unsourced = (r: ReturnType<typeof analyzeTrace>) =>
      r.steps.filter((s) => s.detectors.some((d) => d.name === "unsourced-value")).map((s) => s.stepId);
    const on = analyzeTrace(t);
    expect(unsourced(on)).toEqual([]);
    expect(on.decision?.rule).toBe("exposure-prior");
    const without = analyzeTrace(t, { ablate: ["links-in-code"] });
    expect(unsourced(without)).toEqual(["c1"]);
    expect(without.decision?.rule).toBe("value-provenance");
  });

  it("period-qualifiers off: a lookup of another week drops no constraint", () => {
    const ask = "How many parcels did the North and South depots ship in week 12? One total, please.";
    const t = make(
      [
        say("q", "Planner", ask),
        say("m1", "Dispatcher", "Yusuf, look up the parcels shipped by the North and South depots."),
        say("c1", "Yusuf", '```python\nprint(shipped(depot="North"))\n```'),
        { id: "r1", agent: "Runner", kind: "tool_result", content: "North, week 11: parcels = 2,318" },
        say("i1", "Yusuf", "North shipped 2,318 parcels."),
        say("c2", "Yusuf", '```python\nprint(shipped(depot="South"))\n```'),
        { id: "r2", agent: "Runner", kind: "tool_result", content: "South, week 11: parcels = 1,947" },
        say("i2", "Yusuf", "South shipped 1,947 parcels."),
        { id: "f", agent: "Dispatcher", kind: "final", content: "Total: 2,318 + 1,947 = 4,265 parcels." },
      ],
      { task: ask },
      "Planner",
    );
    const dropped = (r: ReturnType<typeof analyzeTrace>) =>
      (r.claims ?? []).filter((c) => c.detector === "dropped-constraint").map((c) => c.stepId);
    const on = analyzeTrace(t);
    expect(dropped(on)).toEqual(["m1"]);
    expect(on.decisive?.stepId).toBe("m1");
    const without = analyzeTrace(t, { ablate: ["period-qualifiers"] });
    expect(dropped(without)).toEqual([]);
    expect(without.decision?.rule).not.toBe("value-provenance");
  });
});

describe("harness-by-behaviour", () => {
  it("off: a counter template is an utterance like any other", () => {
    const lines: [string, string][] = [
      ["Host", "Round 1 of 4. Next speaker: Oda."],
      ["Oda", "I would plant the beans along the south wall where they get sun."],
      ["Host", "Round 2 of 4. Next speaker: Pim."],
      ["Pim", "Beans need a trellis; the east fence has one already."],
      ["Host", "Round 3 of 4. Next speaker: Oda."],
      ["Oda", "Then the east fence it is, with the trellis."],
      ["Host", "Round 4 of 4. Next speaker: Pim."],
      ["Pim", "Agreed: beans on the east fence."],
    ];
    const t = make(
      lines.map(([agent, content], i) => say(`m${i}`, agent, content)),
      { task: "Where should the beans go?" },
    );
    expect([...graph(t).scaffold].join("")).toBe("10101010");
    expect([...graph(t, ["harness-by-behaviour"]).scaffold].join("")).toBe("00000000");
  });
});
