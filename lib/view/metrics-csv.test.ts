import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { computeTrajectory } from "../attribution/trajectory";
import { csvCell, metricsCsv } from "./metrics-csv";

describe("metrics CSV", () => {
  it("one row per run with the trajectory columns; runs without metrics keep empty cells", () => {
    const t = computeTrajectory(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: {},
        agents: [{ name: "A" }],
        steps: [
          { id: "1", agent: "A", kind: "tool_call", tool: { name: "x" }, status: "error", tokens: { total: 12 } },
        ],
      }),
      { blame: {}, importance: {} },
    );
    const csv = metricsCsv([
      {
        id: "r1",
        title: "first, run",
        outcome: "failure",
        createdAt: "2026-01-01T00:00:00.000Z",
        culprit: "A",
        trajectory: t,
      },
      {
        id: "r2",
        title: "old",
        outcome: "success",
        createdAt: "2026-01-02T00:00:00.000Z",
        culprit: null,
        trajectory: null,
      },
    ]);
    const [header, first, second] = csv.trim().split("\r\n");
    const cols = header.split(",");
    expect(cols.slice(0, 7)).toEqual(["run_id", "title", "outcome", "created_at", "culprit", "steps", "active_agents"]);
    const row = Object.fromEntries(cols.map((c, i) => [c, first.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[i]]));
    expect(row).toMatchObject({
      run_id: "r1",
      title: '"first, run"',
      tokens_total: "12",
      tool_errors: "1",
      tool_errors_ignored: "1",
    });
    expect(
      second
        .split(",")
        .slice(5)
        .every((c) => c === ""),
    ).toBe(true);
  });

  it("keeps formulas inert", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell(-3)).toBe("-3");
  });
});
