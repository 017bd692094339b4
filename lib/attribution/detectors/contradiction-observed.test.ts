/**
 * Two lookups report the same label for two entities; an agent quoting the second one's figure
 * under that label restates an observation, it does not contradict the first. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { detectContradiction } from "./contradiction";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { type TTraceInput, ZTrace } from "../../trace/schema";

type Step = TTraceInput["steps"][number];

/** Two lookups of a hive count (one prose, one JSON), then `last` by the teller. */
const detect = (last: Omit<Step, "id" | "agent">) => {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [{ name: "fetch" }, { name: "teller" }],
    steps: [
      { id: "a", agent: "fetch", kind: "tool_result", content: "Elm Row, 2023: hive count = 1,204." },
      { id: "b", agent: "fetch", kind: "tool_result", content: '{"site": "Oak Row", "hive_count": 987}' },
      { id: "w", agent: "teller", ...last },
    ],
  });
  const config = resolveConfig();
  return detectContradiction({ g: buildGraph(t, config), config, failed: true });
};

const run = (claim: string) => detect({ kind: "message", content: claim });

describe("a figure another lookup showed under the same label", () => {
  it("is a restatement, not a contradiction", () => {
    expect(run("For Oak Row the hive count is 987.")).toHaveLength(0);
  });
  it("while a figure no lookup showed still contradicts", () => {
    expect(run("For Elm Row the hive count is 1,402.")).toHaveLength(1);
  });
});

describe("a figure another lookup showed, stored under the same label", () => {
  const store = (value: string) =>
    detect({
      kind: "state_write",
      content: `board[oak_row.hive_count] := ${value}`,
      state: { op: "write", key: "oak_row.hive_count", value },
    });
  it("is a restatement, not a contradiction", () => expect(store("987")).toHaveLength(0));
  it("while a figure no lookup showed still contradicts", () => expect(store("1,402")).toHaveLength(1));
});
