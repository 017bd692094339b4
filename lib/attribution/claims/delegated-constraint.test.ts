/**
 * A delegation is the instruction of the agent it names: when it drops the task's year and the
 * worker's lookup comes back with another year, the delegation is where the error entered, whether
 * the lookup's result is recorded on the call or arrives as its own step. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";

const task = "How many visitors did the Tidewater museum count in 2021?";
const make = (steps: TTraceInput["steps"]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task, finalAnswer: "48,120 visitors" },
    agents: [{ name: "patron", kind: "task_giver" }, { name: "Curator" }, { name: "Porter" }],
    steps: [{ id: "q", agent: "patron", kind: "message", content: task }, ...steps],
  });
const hand = {
  id: "d1",
  agent: "Curator",
  kind: "delegate" as const,
  target: "Porter",
  content: "Porter, fetch the Tidewater visitor count.",
};
/** The worker's lookup, without the year; `result` recorded on the call when given. */
const lookup = (extra: { result?: string } = {}) => ({
  id: "w1",
  agent: "Porter",
  kind: "tool_call" as const,
  tool: { name: "visits", arguments: { museum: "Tidewater" }, ...extra },
});
const close = [
  { id: "w3", agent: "Porter", kind: "message" as const, content: "Tidewater counted 48,120 visitors." },
  { id: "f", agent: "Curator", kind: "final" as const, content: "Tidewater: 48,120 visitors." },
];

describe("a delegation that drops the task's year", () => {
  it("is decisive when the lookup's result is its own step", () => {
    const r = analyzeTrace(
      make([
        hand,
        lookup(),
        {
          id: "w2",
          agent: "Porter",
          kind: "tool_result",
          content: '{"museum": "Tidewater", "year": 2024, "visitors": 48120}',
        },
        ...close,
      ]),
    );
    expect(r.decisive?.stepId).toBe("d1");
  });
  it("is decisive when the result is recorded on the call", () => {
    const r = analyzeTrace(make([hand, lookup({ result: '{"year": 2024, "visitors": 48120}' }), ...close]));
    expect(r.decisive?.stepId).toBe("d1");
  });
  it("is decisive when the call also says what it is about to do", () => {
    const r = analyzeTrace(
      make([
        hand,
        { ...lookup(), content: "Checking Tidewater Hall first." },
        { id: "w2", agent: "Porter", kind: "tool_result", content: '{"year": 2024, "visitors": 48120}' },
        ...close,
      ]),
    );
    expect(r.decisive?.stepId).toBe("d1");
  });
});

describe("a call that only opens a link or a file", () => {
  const opening = (args: Record<string, unknown>) => ({
    id: "w1",
    agent: "Porter",
    kind: "tool_call" as const,
    tool: { name: "visit", arguments: args, result: "Tidewater annual report, 2024 edition: 48,120 visitors." },
  });
  const droppedYear = (r: ReturnType<typeof analyzeTrace>) =>
    r.steps.some((s) => s.detectors.some((d) => d.name === "dropped-constraint"));

  it("asked no question a year belongs in: the years of what it opened are that document's", () => {
    expect(
      droppedYear(analyzeTrace(make([hand, opening({ url: "https://tidewater.example/report.pdf" }), ...close]))),
    ).toBe(false);
    expect(droppedYear(analyzeTrace(make([hand, opening({ path: "./reports/annual.pdf" }), ...close])))).toBe(false);
    // A query that could have named the year, and did not, still dropped it.
    expect(droppedYear(analyzeTrace(make([hand, opening({ query: "Tidewater visitor count" }), ...close])))).toBe(true);
  });

  it("a call that reads on in what was opened (a find in the page) comes back with the document's years", () => {
    const url = "https://tidewater.example/report.html";
    const find = (result: string) => ({
      id: "w2",
      agent: "Porter",
      kind: "tool_call" as const,
      tool: { name: "find", arguments: { search_string: "visitors" }, result },
    });
    const page = "In 2024 the museum counted 48,120 visitors.";
    expect(droppedYear(analyzeTrace(make([hand, opening({ url }), find(`Address: ${url}\n${page}`), ...close])))).toBe(
      false,
    );
    // A result that names no document the agent opened answered a lookup of its own.
    expect(droppedYear(analyzeTrace(make([hand, opening({ url }), find(page), ...close])))).toBe(true);
  });
});

describe("a lookup whose result holds several years, or the task's", () => {
  const searched = (result: string) =>
    analyzeTrace(
      make([
        hand,
        {
          id: "w1",
          agent: "Porter",
          kind: "tool_call",
          tool: { name: "search", arguments: { query: "Tidewater visitor count" }, result },
        },
        ...close,
      ]),
    ).steps.some((s) => s.detectors.some((d) => d.name === "dropped-constraint"));

  it("answered no single period: a page or a list of hits is no record of another year", () => {
    expect(searched("Tidewater guide (2019) … Visitor survey 2023: 48,120 visitors.")).toBe(false);
    expect(searched("Tidewater counts: 2021 and 2024 editions, 48,120 visitors.")).toBe(false);
    // A record of one other period is still one.
    expect(searched("Tidewater, 2024: 48,120 visitors.")).toBe(true);
  });
});
