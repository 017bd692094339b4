/**
 * Success claimed over an empty tool output is a false success claim; the same claim over an output
 * that holds something is not. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

const run = (output: string) =>
  analyzeTrace(
    failedRun("List the berths free at Gull Harbour tonight.", [
      {
        id: "s0",
        agent: "planner",
        kind: "message",
        content: "Fetcher, list the berths free at Gull Harbour tonight.",
      },
      {
        id: "s1",
        agent: "fetcher",
        kind: "tool_call",
        content: "berths(harbour='Gull Harbour')",
        tool: { name: "berths" },
      },
      { id: "s2", agent: "tool", kind: "tool_result", content: output },
      { id: "s3", agent: "fetcher", kind: "message", content: "Done: the berth list was fetched successfully." },
      { id: "s4", agent: "planner", kind: "final", content: "The berths are listed above." },
    ]),
  );

describe("a success claim over an empty output", () => {
  it("is a false success claim", () => {
    expect(detectorsAt(run("[]"), "s3")).toContain("false-success-claim");
  });
  it("near miss: not when the output lists something", () => {
    expect(detectorsAt(run("berth 4, berth 9"), "s3")).not.toContain("false-success-claim");
  });
});
