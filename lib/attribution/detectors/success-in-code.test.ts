/**
 * A program's own words are no success claim: the message it will print or show ("Saved
 * successfully!", a dialog titled "Success") sits in the code, and the writer's claim, if any, in the
 * prose around it. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

/** A coder's message right after a failed test run. */
function run(reply: string) {
  return analyzeTrace(
    failedRun("Write a tool that saves a seating chart as an image.", [
      { id: "p", agent: "Planner", kind: "message", content: "Coder, please write the chart saver." },
      { id: "c", agent: "Coder", kind: "tool_call", content: "run_tests()" },
      { id: "r", agent: "tester", kind: "tool_result", content: "Traceback: ImportError: no module named chart" },
      { id: "a", agent: "Coder", kind: "message", content: reply },
      { id: "f", agent: "Planner", kind: "final", content: "The chart saver is in chart.py." },
    ]),
  );
}

const CODE = [
  "chart.py",
  "```python",
  "def save(chart, path):",
  "    chart.image().save(path)",
  '    print("Seating chart saved successfully!")',
  "```",
].join("\n");

describe("success words inside code are the program's", () => {
  it("reads no claim in a printed message or a dialog title", () => {
    expect(detectorsAt(run(`Here is the saver:\n${CODE}`), "a")).not.toContain("false-success-claim");
    const dialog = '```python\nmessagebox.showinfo("Success", "Chart stored")\n```';
    expect(detectorsAt(run(`Revised:\n${dialog}`), "a")).not.toContain("false-success-claim");
  });
  it("near misses: the same claim in prose, beside the code or alone, still claims", () => {
    expect(detectorsAt(run(`${CODE}\nThe tests now pass and it ran successfully.`), "a")).toContain(
      "false-success-claim",
    );
    expect(detectorsAt(run("The chart was saved successfully."), "a")).toContain("false-success-claim");
  });
});
