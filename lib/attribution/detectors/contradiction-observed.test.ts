/**
 * Two lookups report the same label for two entities; an agent quoting the second one's figure
 * under that label restates an observation, it does not contradict the first. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { detectContradiction } from "./contradiction";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { ZTrace } from "../../trace/schema";

const run = (claim: string) => {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [{ name: "fetch" }, { name: "teller" }],
    steps: [
      { id: "a", agent: "fetch", kind: "tool_result", content: "Elm Row, 2023: hive count = 1,204." },
      { id: "b", agent: "fetch", kind: "tool_result", content: '{"site": "Oak Row", "hives": 987}' },
      { id: "w", agent: "teller", kind: "message", content: claim },
    ],
  });
  const config = resolveConfig();
  return detectContradiction({ g: buildGraph(t, config), config, failed: true });
};

describe("a figure another lookup showed under the same label", () => {
  it("is a restatement, not a contradiction", () => {
    expect(run("For Oak Row the hive count is 987.")).toHaveLength(0);
  });
  it("while a figure no lookup showed still contradicts", () => {
    expect(run("For Elm Row the hive count is 1,402.")).toHaveLength(1);
  });
});
