/**
 * List and heading markers number items and state nothing; a wrong small answer is not "first put
 * forward" by a plan whose sections or steps run to that number. Invented texts and runs.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { analyzeTrace } from "../index";
import { isListMarker } from "./list-marker";

const at = (text: string, num: string, from = 0) => {
  const start = text.indexOf(num, from);
  return isListMarker(text, start, start + num.length);
};

describe("isListMarker", () => {
  it("reads a line-opening item or heading number as a marker", () => {
    expect(at("Notes\n3. Check the tank", "3")).toBe(true);
    expect(at("### 3. OPEN QUESTIONS\n- none", "3")).toBe(true);
    expect(at("  * 2) water the beds", "2")).toBe(true);
    expect(at("**3. Bold heading**", "3")).toBe(true);
  });

  it("reads the number after a section word opening its line as a marker", () => {
    expect(at("Plan\n### Day 1: Arrival in the valley\n- rest", "1")).toBe(true);
    expect(at("**Step 2:** weigh the flour", "2")).toBe(true);
    expect(at("Part 3 – the return trip", "3")).toBe(true);
    expect(at("## Week 4", "4")).toBe(true);
  });

  it("near misses: a section word inside a sentence, a count after it, or a picked option", () => {
    expect(at("We spent Day 3 in the valley.", "3")).toBe(false);
    expect(at("Step 2 takes 40 minutes.", "2")).toBe(false);
    expect(at("### Option 2: take the ferry", "2")).toBe(false);
    expect(at("Day 12 of 30: the supply drop", "30")).toBe(false);
  });

  it("reads a number inside a line as a marker only within a run of consecutive markers", () => {
    const text = "The routine should: 1. Open the ledger. 2. Sum the rows. 3. Print the total.";
    expect(at(text, "2")).toBe(true);
    expect(at(text, "3")).toBe(true);
    expect(at("The count we found: 3. The rest were empty.", "3")).toBe(false);
  });

  it("leaves stated values alone", () => {
    expect(at("There are 3 crates.", "3")).toBe(false);
    expect(at("3.5 litres", "3")).toBe(false);
    expect(at("Answer:\n3.", "3")).toBe(false);
    expect(at("3. 7 of them were late", "3")).toBe(false);
  });
});

type Step = TTraceInput["steps"][number];
const say = (id: string, agent: string, content: string, kind: Step["kind"] = "message"): Step => ({
  id,
  agent,
  kind,
  content,
});

function decisive(steps: Step[], finalAnswer: string) {
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: {
      task: "How many crates in the shed log are marked fragile?",
      outcome: "failure",
      finalAnswer,
      groundTruth: "5",
      attributes: { [TERMINATION_ATTR]: "concluded" },
    },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges: [],
  });
  const report = analyzeTrace(trace);
  return { step: report.decisive?.stepId, rule: report.decision?.rule };
}

describe("the origin of a wrong small answer", () => {
  const plan =
    "Fact sheet:\n\n1. GIVEN FACTS\n- the shed log lists crates\n\n2. TO LOOK UP\n- the fragile marks\n\n3. GUESSES\n- few are fragile";
  it("is the agent that stated it, not the plan whose section headings run to it", () => {
    const r = decisive(
      [
        say("s1", "Planner", plan),
        say("s2", "Counter", "I went through the shed log: there are 3 crates marked fragile."),
        say("s3", "Planner", "1. **Source:** the shed log.\n2. **Count:** done.\n\nFINAL ANSWER: 3", "final"),
      ],
      "1. **Source:** the shed log.\n2. **Count:** done.\n\nFINAL ANSWER: 3",
    );
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });

  it("is not read from the numbers marking the items of the stated answer", () => {
    const final = "1. **Source:** the shed log.\n2. **Count:** done.\n\nFINAL ANSWER: 3";
    const r = decisive(
      [
        say("s1", "Planner", "Please go through the 2 sheds listed in the log."),
        say("s2", "Counter", "I went through the shed log: there are 3 crates marked fragile."),
        say("s3", "Planner", final, "final"),
      ],
      final,
    );
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });

  it("is a list whose last marker its prose restates as the count", () => {
    const r = decisive(
      [
        say("s1", "Planner", "Please list the fragile crates."),
        say("s2", "Counter", "The fragile crates are:\n1. Oak box\n2. Pine box\n3. Tin box\n\nSo there are 3 of them."),
        say("s3", "Planner", "FINAL ANSWER: 3", "final"),
      ],
      "FINAL ANSWER: 3",
    );
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });
});
