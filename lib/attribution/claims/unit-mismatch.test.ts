import { describe, expect, it } from "vitest";
import { importTrace } from "../../importers/index";
import { analyzeTrace } from "../index";

/** Invented manager/searcher runs: a search tool gives a distance in miles; the task asks in kilometres. */
const say = (name: string, content: string) => ({ name, role: name === "User" ? "user" : "assistant", content });
const search = {
  name: "Searcher",
  role: "assistant",
  content: null,
  tool_calls: [
    { id: "q1", type: "function", function: { name: "web_search", arguments: '{"query":"Pellam to Rusk distance"}' } },
  ],
};
const found = { role: "tool", tool_call_id: "q1", name: "web_search", content: "Pellam to Rusk: 150 miles by road." };

function run(task: string, report: string, answer: string) {
  const messages = [
    say("User", task),
    say("Manager", "Searcher: find the road distance from Pellam to Rusk."),
    search,
    found,
    say("Searcher", report),
    say("Manager", `FINAL ANSWER: ${answer}`),
  ];
  const { trace } = importTrace(JSON.stringify({ messages }));
  trace.run.outcome = "failure";
  const report_ = analyzeTrace(trace);
  const finding = report_.claims?.find((c) => c.detector === "unit-mismatch");
  const at = (id?: string) => trace.steps.findIndex((s) => s.id === id);
  return { report: report_, finding, at };
}

const KM = "How far is it from Pellam to Rusk by road, in kilometres? Answer with a number.";

describe("a number passed on without converting its unit (unit-mismatch)", () => {
  it("the manager that answers the miles figure as it stands is where the unit was lost", () => {
    const { report, finding, at } = run(KM, "The road distance is 150 miles.", "150");
    expect(at(finding?.stepId)).toBe(5);
    expect(report.decisive?.agent).toBe("Manager");
  });

  it("a searcher that reports the figure without its unit is where it was lost", () => {
    const { report, finding, at } = run(KM, "The road distance is 150.", "150");
    expect(at(finding?.stepId)).toBe(4);
    expect(report.decisive?.agent).toBe("Searcher");
  });

  it("no finding when the answer is converted, or keeps the source's unit", () => {
    expect(run(KM, "The road distance is 150 miles, about 241 km.", "241").finding).toBeUndefined();
    expect(run(KM, "The road distance is 150 miles.", "150 miles").finding).toBeUndefined();
  });

  it("no finding when the task asks in the source's unit", () => {
    const miles = "How far is it from Pellam to Rusk by road, in miles? Answer with a number.";
    expect(run(miles, "The road distance is 150 miles.", "150").finding).toBeUndefined();
  });
});
