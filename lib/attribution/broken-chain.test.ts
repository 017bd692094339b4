/**
 * A dropped constraint reaches the answer only through what later steps read from its lookup. A later
 * step that wrote the answer's value against what it read broke that chain and is decisive; with the
 * chain intact, the dropped constraint is. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { detectorsAt, failedRun } from "./test-graphs";

const TASK = "Which unit did the cartographer join in 1913?";
const REPORT =
  "In 1913, during a long campaign, he joined the Harbour Guard. This unit, made up of pilots, shaped his later work.";
/** The report with another name in the place of the unit's. */
const RENAMED = REPORT.replace("the Harbour Guard", "Ivo Brandt");

interface Run {
  /** The year the searcher's query acts with. */
  queried: string;
  /** What the search returned, what the searcher reported and what the manager relayed. */
  found: string;
  reported: string;
  relayed: string;
  answer: string;
  task?: string;
}

/** A searcher that looks the task up and reports; a manager that relays the report and answers. */
function run(r: Run) {
  return analyzeTrace(
    failedRun(r.task ?? TASK, [
      {
        id: "q",
        agent: "Searcher",
        kind: "tool_call",
        tool: { name: "search", arguments: { q: `cartographer unit ${r.queried}` }, result: r.found },
      },
      { id: "s", agent: "Searcher", kind: "message", content: `From the archive: ${r.reported}` },
      { id: "m", agent: "Manager", kind: "message", content: `Relaying: ${r.relayed}` },
      { id: "f", agent: "Manager", kind: "final", content: `Final answer: ${r.answer}` },
    ]),
  );
}

describe("a step that replaced what it read, after a dropped constraint", () => {
  it("is decisive: the answer's value is its own, not the lookup's", () => {
    const r = run({ queried: "1909", found: REPORT, reported: REPORT, relayed: RENAMED, answer: "Ivo Brandt" });
    expect(r.decisive?.stepId).toBe("m");
    expect(r.decision?.originStepIds).toEqual(["m", "q"]);
  });

  it("near miss: a faithful relay leaves the dropped constraint decisive", () => {
    const r = run({ queried: "1909", found: REPORT, reported: REPORT, relayed: REPORT, answer: "the Harbour Guard" });
    expect(r.decisive?.stepId).toBe("q");
    expect(r.decisive?.evidence.note).toMatch(/year 1909 although the task asks for 1913/);
  });
});

describe("a dropped constraint whose chain carried a value to the answer", () => {
  it("stays first when a later step also replaced what it read", () => {
    // 340 is in no source: the searcher, misled by its lookup, invented it.
    const r = run({
      task: `${TASK} How many pilots did it have?`,
      queried: "1909",
      found: REPORT,
      reported: REPORT.replace("of", "of 340"),
      relayed: RENAMED.replace("of", "of 340"),
      answer: "Ivo Brandt, 340 pilots",
    });
    expect(r.decisive?.stepId).toBe("q");
    expect(r.decision?.originStepIds).toEqual(["q", "m"]);
  });
});

describe("the exemption is a dropped constraint's alone", () => {
  it("a later replacement that uses an earlier invented value stays that value's consequence", () => {
    const r = run({
      task: `${TASK} How many pilots did it have?`,
      queried: "1913",
      found: REPORT.replace("of", "of 120"),
      reported: REPORT.replace("of", "of 340"),
      relayed: RENAMED.replace("of", "of 340"),
      answer: "Ivo Brandt, 340 pilots",
    });
    expect(detectorsAt(r, "m")).toContain("contradicts-output");
    expect(r.decision?.originStepIds).toEqual(["s"]);
  });
});
