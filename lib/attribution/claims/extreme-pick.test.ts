import { describe, expect, it } from "vitest";
import { importTrace } from "../../importers/index";
import { analyzeTrace } from "../index";

/** Invented manager/searcher chats: two searchers each report one option's figure, the manager picks. */
const say = (name: string, content: string) => ({ name, role: name === "User" ? "user" : "assistant", content });

function run(task: string, first: string, second: string, pick: string) {
  const { trace } = importTrace(
    JSON.stringify({
      messages: [
        say("User", task),
        say("Manager", "Searcher_A: look up the first lake. Searcher_B: look up the second lake."),
        say("Searcher_A", first),
        say("Searcher_B", second),
        say("Manager", `Comparing both reports, the answer is ${pick}. FINAL ANSWER: ${pick}`),
      ],
    }),
  );
  trace.run.outcome = "failure";
  const report = analyzeTrace(trace);
  const finding = report.claims?.find((c) => c.detector === "wrong-extreme");
  return { report, finding, trace };
}

const DEEP = "Which lake is deeper, Lake Orvell or Lake Tamsin? Answer with the name.";
const ORVELL = "The survey lists Lake Orvell with a depth of 86 m.";
const TAMSIN = "The atlas gives Lake Tamsin a depth of 142 m.";

describe("a pick the stated figures contradict (wrong-extreme)", () => {
  it("names the step that picks the option another option's figure beats", () => {
    const { report, finding, trace } = run(DEEP, ORVELL, TAMSIN, "Lake Orvell");
    expect(finding?.stepId).toBe(trace.steps[4].id);
    expect(report.decisive?.agent).toBe("Manager");
    expect(report.decisive?.evidence.note).toContain("names Lake Orvell as the most");
  });

  it("the least, when the task asks for it", () => {
    const task = "Which lake is shallower, Lake Orvell or Lake Tamsin? Answer with the name.";
    expect(run(task, ORVELL, TAMSIN, "Lake Tamsin").finding).toBeDefined();
    expect(run(task, ORVELL, TAMSIN, "Lake Orvell").finding).toBeUndefined();
  });

  it("no finding when the pick is the extreme the figures give", () => {
    expect(run(DEEP, ORVELL, TAMSIN, "Lake Tamsin").finding).toBeUndefined();
  });

  it("no finding when the task asks for a bound or a rank, not the extreme", () => {
    expect(
      run("Which lake is deeper than 100 m, Lake Orvell or Lake Tamsin?", ORVELL, TAMSIN, "Lake Orvell").finding,
    ).toBeUndefined();
    expect(
      run("Which is the second deepest lake, Lake Orvell or Lake Tamsin?", ORVELL, TAMSIN, "Lake Orvell").finding,
    ).toBeUndefined();
  });

  it("no finding when the figures are in different units", () => {
    const feet = "The atlas gives Lake Tamsin a depth of 142 ft.";
    expect(run(DEEP, ORVELL, feet, "Lake Orvell").finding).toBeUndefined();
  });
});
