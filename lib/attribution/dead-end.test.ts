import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";
import { firstDeadEnd, observedResource } from "./dead-end";
import { analyzeTrace } from "./index";
import { OBSERVATION_AT, OBSERVED_RESOURCE } from "../trace/canonical-attributes";

type Steps = TTraceInput["steps"];
const make = (steps: Steps) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Find the opening hours of the museum." },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges: [],
  });
const graph = (steps: Steps) => buildGraph(make(steps), DEFAULT_CONFIG);
const agentIndex = (g: ReturnType<typeof graph>, name: string) => g.agentNames.indexOf(name);

/**
 * A browsing step in canonical form: the action, then what the page showed. The importer of the
 * source format marks where the observation starts and which resource it shows
 * (`culprit.observation_at`, `culprit.observed_resource`); the engine reads only those marks.
 */
const observing = (id: string, action: string, observation: string, resource?: string) => ({
  id,
  agent: "surfer",
  kind: "message" as const,
  content: `${action}\n\n${observation}`,
  attributes: { [OBSERVATION_AT]: action.length + 2, ...(resource ? { [OBSERVED_RESOURCE]: resource } : {}) },
});
const browse = (id: string, action: string, url: string, page: string) =>
  observing(id, action, `Page ${url} shows:\n${page}`, url);
const ask = (id: string, text: string) => ({
  id,
  agent: "lead",
  kind: "delegate" as const,
  target: "surfer",
  content: text,
});

const MUSEUM = "City Museum visitor information tickets exhibitions collections shop cafe membership events education";
const HOURS = "Opening hours Monday closed Tuesday Sunday galleries admission last entry holiday schedule";

describe("dead ends", () => {
  it("reads the resource from the observation's canonical mark or a tool call's target, never from a bare page dump or a message that observed nothing", () => {
    const g = graph([
      browse("a", "I clicked 'Visit'.", "https://museum.example/visit", MUSEUM),
      // A bare page dump (the observation starts at once): an observation only, not a move.
      {
        id: "b",
        agent: "surfer",
        kind: "message",
        content: "https://museum.example/visit — Visit, page 1 of 3",
        attributes: { [OBSERVATION_AT]: 0, [OBSERVED_RESOURCE]: "https://museum.example/visit" },
      },
      observing("c", "I opened the page.", "Hours", "https://museum.example/hours"),
      // An action with an observation that names no resource, and a message with no observation at all.
      observing("e", "I opened the page.", "Hours"),
      {
        id: "f",
        agent: "surfer",
        kind: "message",
        content: "I opened https://museum.example/hours.",
        attributes: { [OBSERVED_RESOURCE]: "https://museum.example/hours" },
      },
      {
        id: "d",
        agent: "surfer",
        kind: "tool_call",
        content: "",
        tool: { name: "fetch", arguments: { url: "https://museum.example/shop" } },
      },
    ]);
    expect(observedResource(g, g.indexOf.get("a")!)).toBe("https://museum.example/visit");
    expect(observedResource(g, g.indexOf.get("b")!)).toBeNull();
    expect(observedResource(g, g.indexOf.get("c")!)).toBe("https://museum.example/hours");
    expect(observedResource(g, g.indexOf.get("d")!)).toBe("https://museum.example/shop");
    expect(observedResource(g, g.indexOf.get("e")!)).toBeNull();
    expect(observedResource(g, g.indexOf.get("f")!)).toBeNull();
  });

  it("blames the step that landed on a page the agent then stayed on", () => {
    const g = graph([
      ask("i1", "Search for the museum's opening hours."),
      browse(
        "s1",
        "I typed 'museum hours' into the search box.",
        "https://search.example/?q=museum",
        "City Museum results opening hours reviews map directions",
      ),
      ask("i2", "Open the museum's own page with the opening hours."),
      browse(
        "s2",
        "I clicked 'City Museum - Shop'.",
        "https://museum.example/shop",
        "Shop gifts books posters prints mugs souvenirs online order delivery returns",
      ),
      ask("i3", "Scroll to find the opening hours."),
      browse(
        "s3",
        "I scrolled down one page.",
        "https://museum.example/shop",
        "Payment shipping wishlist newsletter privacy cookies careers press accessibility contact",
      ),
    ]);
    const d = firstDeadEnd(g, agentIndex(g, "surfer"));
    expect(d).not.toBeNull();
    expect(g.steps[d!.step].id).toBe("s2");
    expect(g.steps[d!.repeat].id).toBe("s3");
    expect(d!.noEffect).toBe(false);
  });

  it("blames the repeat itself when the action changed almost nothing the agent sees", () => {
    const g = graph([
      browse("s1", "I clicked 'Visit'.", "https://museum.example/visit", `${MUSEUM} ${HOURS}`),
      browse("s2", "I typed 'Tuesday' into 'Date:'.", "https://museum.example/visit", `${MUSEUM} ${HOURS} date`),
    ]);
    const d = firstDeadEnd(g, agentIndex(g, "surfer"));
    expect(g.steps[d!.step].id).toBe("s2");
    expect(d!.noEffect).toBe(true);
  });

  it("finds none when every move goes somewhere new", () => {
    const g = graph([
      browse("s1", "I clicked 'Visit'.", "https://museum.example/visit", MUSEUM),
      browse("s2", "I clicked 'Hours'.", "https://museum.example/hours", HOURS),
    ]);
    expect(firstDeadEnd(g, agentIndex(g, "surfer"))).toBeNull();
  });

  it("moves the decisive step of the chosen agent from its earliest flag to the dead end's entry, and says so", () => {
    const OPEN = "Open the museum's own page with the opening hours.";
    const run = (lastUrl: string) => [
      { id: "task", agent: "human", kind: "message" as const, content: "Find the opening hours of the museum." },
      ask("i1", OPEN),
      browse(
        "s1",
        "I typed 'museum hours' into the search box.",
        "https://search.example/?q=museum",
        "City Museum results opening hours reviews map directions",
      ),
      ask("i2", OPEN),
      browse(
        "s2",
        "I clicked 'City Museum - Shop'.",
        "https://museum.example/shop",
        "Shop gifts books posters prints mugs souvenirs online order delivery returns",
      ),
      ask("i3", OPEN),
      browse(
        "s3",
        "I scrolled down one page.",
        lastUrl,
        "Payment shipping wishlist newsletter privacy cookies careers press accessibility contact",
      ),
      { id: "end", agent: "lead", kind: "final" as const, content: "FINAL ANSWER: unknown" },
    ];
    const stuck = analyzeTrace(make(run("https://museum.example/shop")));
    expect(stuck.decisive?.agent).toBe("surfer");
    expect(stuck.decisive?.stepId).toBe("s2");
    // The later step that shows the dead end is named by its position in the run, as every view numbers it.
    const s3 = run("https://museum.example/shop").findIndex((s) => s.id === "s3") + 1;
    expect(stuck.decisive?.evidence.note).toContain(
      `entry to a dead end: step ${s3} is still at https://museum.example/shop`,
    );
    // Control: the same run without the dead end keeps the earliest flagged step.
    const moving = analyzeTrace(make(run("https://museum.example/contact")));
    expect(moving.decisive?.agent).toBe("surfer");
    expect(moving.decisive?.stepId).toBe("s1");
    expect(moving.decisive?.evidence.note).not.toMatch(/dead end/);
  });
});
