import { describe, expect, it } from "vitest";
import { detectContradiction } from "./contradiction";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { ZTrace } from "../../trace/schema";

const run = (claim: string) => {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [{ name: "coder" }, { name: "writer" }],
    steps: [
      { id: "t", agent: "coder", kind: "tool_result", content: "row count: 42" },
      { id: "w", agent: "writer", kind: "message", content: claim },
    ],
  });
  const config = resolveConfig();
  return detectContradiction({ g: buildGraph(t, config), config, failed: true });
};

describe("detectContradiction", () => {
  it("flags a value that contradicts a tool output", () => {
    const hits = run("So the row count is 57.");
    expect(hits).toHaveLength(1);
    expect(hits[0].evidence.stepIds).toEqual(["w", "t"]);
  });
  it("accepts the same value", () => {
    expect(run("The row count is 42.")).toHaveLength(0);
  });
  it("does not read a label shared by a quantity of another size as a contradiction", () => {
    // "42 rows" labels a price here; a misread of 42 would be near 42, not a hundred times larger.
    expect(run("Exporting 42 rows, the row count: 5,880 dollars of storage.")).toHaveLength(0);
    expect(run("The row count is 4200.")).toHaveLength(0);
    expect(run("The row count is 48.")).toHaveLength(1);
    expect(run("The row count is 24.")).toHaveLength(1);
  });
  it("reads a label before a currency sign right before the value, and spaces of any kind", () => {
    expect(run("The row count: $57.")).toHaveLength(1);
    expect(run("The row count: $ 57.")).toHaveLength(0);
    expect(run("The row count =\u00a057.")).toHaveLength(1);
    expect(run("The row count is$57.")).toHaveLength(1);
    expect(run("The row count, 57.")).toHaveLength(0);
  });
});
