import { describe, expect, it } from "vitest";
import { matchAgents } from "./match-agents";

describe("matchAgents", () => {
  it("matches exact names first, then normalized names, then unique roles", () => {
    const matches = matchAgents(
      [{ name: "Planner" }, { name: "web_surfer" }, { name: "Checker", role: "verifier" }, { name: "Extra" }],
      [{ name: "Planner" }, { name: "WebSurfer" }, { name: "Reviewer", role: "Verifier" }, { name: "Other" }],
    );
    expect(matches).toEqual([
      { a: "Planner", b: "Planner", by: "name", key: "=Planner" },
      { a: "web_surfer", b: "WebSurfer", by: "normalized-name", key: "=web_surfer" },
      { a: "Checker", b: "Reviewer", by: "role", key: "=Checker" },
      { a: "Extra", b: null, by: "unmatched", key: "a:Extra" },
      { a: null, b: "Other", by: "unmatched", key: "b:Other" },
    ]);
  });

  it("leaves an ambiguous role unmatched instead of guessing", () => {
    const matches = matchAgents(
      [{ name: "A1", role: "worker" }],
      [
        { name: "B1", role: "worker" },
        { name: "B2", role: "worker" },
      ],
    );
    expect(matches.map((m) => m.by)).toEqual(["unmatched", "unmatched", "unmatched"]);
  });

  it("prefers an exact name over a normalized one", () => {
    const matches = matchAgents([{ name: "Writer" }, { name: "writer" }], [{ name: "writer" }]);
    expect(matches[1]).toMatchObject({ a: "writer", b: "writer", by: "name" });
    expect(matches[0]).toMatchObject({ a: "Writer", b: null });
  });
});
