import { describe, expect, it } from "vitest";
import { comparability } from "./comparability";
import type { AgentMatch } from "./match-agents";

const shared: AgentMatch[] = [{ a: "Planner", b: "Planner", by: "name", key: "planner" }];

describe("comparability", () => {
  it("accepts two runs of one system on one task", () => {
    expect(comparability({ system: "mas", task: "Sum Q3." }, { system: "mas", task: "sum q3" }, shared)).toEqual({
      kind: "comparable",
    });
    expect(comparability({}, {}, shared).kind).toBe("comparable");
  });

  it("names two different systems", () => {
    const c = comparability({ system: "magentic-one" }, { system: "ag2" }, shared);
    expect(c).toMatchObject({ kind: "different-systems", a: "magentic-one", b: "ag2" });
    expect(c.kind !== "comparable" && c.message).toContain("magentic-one and ag2");
  });

  it("notices runs with no agent in common, and different tasks", () => {
    const none: AgentMatch[] = [
      { a: "Planner", b: null, by: "unmatched", key: "a:planner" },
      { a: null, b: "Coder", by: "unmatched", key: "b:coder" },
    ];
    expect(comparability({ system: "x" }, { system: "x" }, none).kind).toBe("no-shared-agents");
    expect(comparability({ task: "Plan a trip" }, { task: "Check a dose" }, shared).kind).toBe("different-tasks");
  });
});
