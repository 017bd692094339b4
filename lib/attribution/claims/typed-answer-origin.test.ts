/**
 * A wrong answer that is a name, a yes or no, or a list is blamed where it was first put forward,
 * as a wrong number is; an approval that restates nothing is not where it entered. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { analyzeTrace } from "../index";

type Step = TTraceInput["steps"][number];
const say = (id: string, agent: string, content: string, kind: Step["kind"] = "message"): Step => ({
  id,
  agent,
  kind,
  content,
});

function run(
  task: string,
  steps: Step[],
  extra: { finalAnswer?: string; groundTruth?: string; termination?: string } = {},
) {
  const { termination, ...answer } = extra;
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: {
      task,
      outcome: "failure",
      ...answer,
      ...(termination ? { attributes: { [TERMINATION_ATTR]: termination } } : {}),
    },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges: [],
  });
  const report = analyzeTrace(trace);
  return { step: report.decisive?.stepId, rule: report.decision?.rule };
}

const LIGHTHOUSE = "Which island holds the oldest working lighthouse in the bay?";
const lighthouse = [
  say("s1", "Scout", "The oldest working lighthouse in the bay stands on Skerra, lit in the old days."),
  say("s2", "Critic", "Looks good to me. No issues."),
  say("s3", "Writer", "Final answer: Skerra.", "final"),
];

describe("the origin of a wrong answer that is not a number", () => {
  it("is the agent that first put the name forward, not the approval that restated nothing", () => {
    expect(run(LIGHTHOUSE, lighthouse)).toEqual({ step: "s1", rule: "answer-origin" });
  });

  it("is a reply that leads with the name set off by a dash", () => {
    const r = run(LIGHTHOUSE, [
      say("s1", "Scout", "Skerra — its light was first lit before the others."),
      say("s2", "Critic", "I agree with Scout: Skerra."),
      say("s3", "Writer", "Final answer: Skerra.", "final"),
    ]);
    expect(r).toEqual({ step: "s1", rule: "answer-origin" });
  });

  it("is where a yes or no was first given as a position", () => {
    const r = run("Does the ferry timetable list a stop at Kell Harbour? Answer yes or no.", [
      say("s1", "Lead", "Let's split it: Reader checks the timetable, Checker reviews."),
      say("s2", "Reader", "No — the timetable has no stop at Kell Harbour on any line."),
      say("s3", "Checker", "I agree, no. Verified."),
      say("s4", "Lead", "No", "final"),
    ]);
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });

  it("reads a yes or no after a short lead, and a name that opens its sentence as the subject", () => {
    const flip = run("Is a pumpkin botanically a berry? Answer yes or no.", [
      say("s1", "Ona", "Yes — it grows from a single ovary and holds its seeds inside."),
      say("s2", "Ona", "On reflection, no — cooks treat it as a vegetable."),
      say("s3", "Pell", "Then no."),
      say("s4", "Pell", "No", "final"),
    ]);
    expect(flip).toEqual({ step: "s2", rule: "answer-origin" });
    const subject = run("Which island is the largest in the bay?", [
      say("s1", "Scout", "Skerra is the largest island in the bay by area."),
      say("s2", "Critic", "Looks good to me."),
      say("s3", "Writer", "Final answer: Skerra.", "final"),
    ]);
    expect(subject).toEqual({ step: "s1", rule: "answer-origin" });
  });

  it("is not a step that names the value only to deny it", () => {
    const r = run("Which island holds the oldest working lighthouse in the bay?", [
      say("s1", "Scout", "It is not Skerra; the oldest one is on Tern Island."),
      say("s2", "Pilot", "The oldest working lighthouse is on Skerra, built first."),
      say("s3", "Writer", "Final answer: Skerra.", "final"),
    ]);
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });

  it("says nothing when the answer leans on another agent's premise", () => {
    const r = run("What is the capital of the country whose flag is shown?", [
      say("s1", "Viewer", "The flag has green, white and orange stripes: the flag of Ireland."),
      say("s2", "Planner", "Viewer says the flag is of Ireland, so the capital is Dublin."),
      say("s3", "Planner", "Final answer: Dublin.", "final"),
    ]);
    expect(r.rule).not.toBe("answer-origin");
  });

  it("says nothing when the ground truth holds the answer, or a budget forced it", () => {
    expect(run(LIGHTHOUSE, lighthouse, { groundTruth: "Skerra" }).rule).not.toBe("answer-origin");
    expect(run(LIGHTHOUSE, lighthouse, { termination: "limit" }).rule).not.toBe("answer-origin");
  });

  it("reads no name into a status, and leaves an answer that holds a claim to value provenance", () => {
    const booked = [
      say("s1", "Runner", "I tried the booking form; the page said the sailing was full."),
      say("s2", "Lead", "Confirmed. The sailing is booked and confirmed for two."),
    ];
    expect(run("Book the morning ferry for two.", booked, { finalAnswer: "Confirmed." }).rule).not.toBe(
      "answer-origin",
    );
    expect(run("Book the morning ferry for two.", booked, { finalAnswer: "Booked and confirmed." }).rule).not.toBe(
      "answer-origin",
    );
    const named = [
      say("s1", "Scout", "The oldest working lighthouse in the bay stands on Gannet Rock."),
      say("s2", "Critic", "Looks good to me."),
    ];
    expect(run(LIGHTHOUSE, named, { finalAnswer: "Gannet Rock" }).rule).not.toBe("answer-origin");
  });

  it("reads a list answer item by item, and a stated final answer as the value itself", () => {
    const r = run(
      "Which of these ports are tidal: Ardmore, Belcove, Caskey, Dunmere?",
      [
        say("s1", "Mapper", "Tidal ports here: Ardmore and Dunmere, both dry at low water."),
        say("s2", "Pilot", "Checked the charts myself; the tidal ones are Ardmore and Caskey."),
        say("s3", "Writer", "Ardmore, Caskey", "final"),
      ],
      { finalAnswer: "Ardmore, Caskey", groundTruth: "Ardmore, Dunmere" },
    );
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });

  it("names who took the wrong answer up as their own position as the agents that carried it on", () => {
    const trace = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { task: "Which gas makes up most of the air? (A) Oxygen (B) Nitrogen", outcome: "failure" },
      agents: [{ name: "Ada" }, { name: "Bram" }, { name: "Cleo" }],
      steps: [
        say("s1", "Ada", "Nitrogen is about 78% of the air. My answer is (B)."),
        say("s2", "Bram", "We breathe oxygen, so it must dominate. My answer is (A)."),
        say("s3", "Cleo", "Breathing settles it for me. My answer is (A)."),
        say("s4", "Ada", "Having read the others, I choose (A)."),
        say("s5", "Bram", "My answer is (A)."),
      ],
      edges: [],
    });
    const r = analyzeTrace(trace);
    expect(r.decisive?.stepId).toBe("s2");
    expect(r.decision?.rule).toBe("answer-origin");
    expect(r.verdict).toContain("the error was carried on by Cleo and Ada");
    expect(r.verdict).not.toContain("stayed within");
  });
});
