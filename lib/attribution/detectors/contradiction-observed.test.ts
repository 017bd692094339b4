/**
 * Two lookups report the same label for two entities; an agent quoting the second one's figure
 * under that label restates an observation, it does not contradict the first. Unless it states the
 * figure for the entity whose own lookup gave another: then it reported another entity's figure.
 * A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { detectContradiction } from "./contradiction";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { type TTraceInput, ZTrace } from "../../trace/schema";

type Step = TTraceInput["steps"][number];

/** The contradiction detector on a failed run of these steps (lookups by "fetch", words by "teller"). */
const detectSteps = (steps: Step[]) => {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [{ name: "fetch" }, { name: "teller" }],
    steps,
  });
  const config = resolveConfig();
  return detectContradiction({ g: buildGraph(t, config), config, failed: true });
};
const ELM: Step = { id: "a", agent: "fetch", kind: "tool_result", content: "Elm Row, 2023: hive count = 1,204." };

/** Two lookups of a hive count (one prose, one JSON), then `last` by the teller. */
const detect = (last: Omit<Step, "id" | "agent">) =>
  detectSteps([
    ELM,
    { id: "b", agent: "fetch", kind: "tool_result", content: '{"site": "Oak Row", "hive_count": 987}' },
    { id: "w", agent: "teller", ...last },
  ]);

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

describe("another lookup's figure stated for the entity whose own lookup gave another", () => {
  /** Elm Row's lookup (prose), then Oak Row's (prose), then `claim`. */
  const prose = (claim: string, oak = "Oak Row, 2023: hive count = 987.") =>
    detectSteps([
      ELM,
      { id: "b", agent: "fetch", kind: "tool_result", content: oak },
      { id: "w", agent: "teller", kind: "message", content: claim },
    ]);
  it("contradicts that lookup", () => {
    const hits = prose("Checked. For Oak Row the hive count is 1,204.");
    expect(hits).toHaveLength(1);
    expect(hits[0].evidence.stepIds).toEqual(["w", "b"]);
    // The name may open the line: its other words still name it, where the other lookup lacks them.
    expect(prose("Oak Hollow — hive count: 1,204", "Oak Hollow, 2023: hive count = 987.")).toHaveLength(1);
    expect(prose("Oak Row — hive count: 1,204")).toHaveLength(0);
  });
  it("near misses: the figure stated for its own entity, no name, or a name both lookups hold", () => {
    expect(prose("For Elm Row the hive count is 1,204.")).toHaveLength(0);
    expect(prose("So the hive count is 1,204.")).toHaveLength(0);
    expect(prose("For the Row the hive count is 1,204.")).toHaveLength(0);
    // The label's words capitalised as a heading writes them name no entity.
    expect(prose("So, Hive Count: 1,204", "Oak Row, 2023: Hive Count = 987.")).toHaveLength(0);
    // A name the line opens with alone is a sentence's first word, not a name it states the figure for.
    expect(prose("Oak: hive count is 1,204", "Oak, 2023: hive count = 987.")).toHaveLength(0);
  });
});

describe("the bounds of reading which entity a quote names", () => {
  const elm = (i: number): Step => ({
    id: `a${i}`,
    agent: "fetch",
    kind: "tool_result",
    content: `Elm Row ${i}, 2023: hive count = 1,204.`,
  });
  const oak: Step = { id: "b", agent: "fetch", kind: "tool_result", content: "Oak Row, 2023: hive count = 987." };
  const say = (i: number): Step => ({
    id: `w${i}`,
    agent: "teller",
    kind: "message",
    content: "For Oak Row the hive count is 1,204.",
  });
  it("a figure many outputs showed counts as another entity's (conservative)", () => {
    expect(detectSteps([elm(0), oak, say(0)])).toHaveLength(1);
    expect(detectSteps([...Array.from({ length: 8 }, (_, i) => elm(i)), oak, say(0)])).toHaveLength(0);
  });
  it("past the quotes read per run, a quote counts as another entity's (conservative)", () => {
    const hits = detectSteps([elm(0), oak, ...Array.from({ length: 300 }, (_, i) => say(i))]);
    expect(hits).toHaveLength(256);
  });
});
