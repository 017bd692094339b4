import { describe, expect, it } from "vitest";
import type { FixSuggestion } from "../attribution/types";
import { patternsCsv } from "../view/patterns-csv";
import { correctionPatterns, patternId } from "./correction-patterns";

const fix = (agent: string, fixType: string, finding?: string, channel?: string): FixSuggestion => ({
  agent,
  role: "decisive",
  fixType,
  instruction: `${fixType} instruction`,
  author: "template",
  stepIds: ["s1"],
  ...(channel ? { channel } : {}),
  ...(finding ? { finding } : {}),
});

describe("patterns by correction", () => {
  const runs = [
    { runId: "r1", fix: fix("planner", "ground-values-in-tool-output", "unsourced-value", "message"), tokens: 100 },
    {
      runId: "r2",
      fix: fix("strategist", "ground-values-in-tool-output", "ungrounded-value", "message"),
      tokens: 50,
      trial: { runs: 5, flipped: 4 },
    },
    {
      runId: "r3",
      fix: fix("planner", "handle-tool-errors", "tool-failure"),
      tokens: 10,
      trial: { runs: 5, flipped: 1 },
    },
    { runId: "r4", fix: null, tokens: 7 },
  ];

  it("groups by fix, finding shape and channel, not by agent", () => {
    const p = correctionPatterns(runs);
    expect(p.failedRuns).toBe(4);
    expect(p.undetermined).toBe(1);
    expect(p.patterns.map((x) => [x.runIds, x.agents, x.tokens, x.share])).toEqual([
      [["r1", "r2"], ["planner", "strategist"], 150, 0.5],
      [["r3"], ["planner"], 10, 0.25],
    ]);
    expect(p.patterns[0].verified).toEqual({ tried: 1, flipped: 1 });
    expect(p.patterns[1].verified).toEqual({ tried: 1, flipped: 0 });
    expect(p.patterns[0].id).toBe(patternId(runs[1].fix!));
  });

  it("keeps a pattern id stable and order-independent", () => {
    expect(correctionPatterns([...runs].reverse())).toEqual(correctionPatterns(runs));
    expect(patternId(fix("x", "check-own-output"))).toBe("check-own-output.role.any");
  });

  it("exports one inert CSV row per pattern", () => {
    const csv = patternsCsv(
      correctionPatterns([{ runId: "r9", fix: { ...fix("=cmd", "check-own-output") }, tokens: 1 }]),
    );
    const [header, row] = csv.trim().split("\r\n");
    expect(header.split(",")).toContain("verified_on_runs");
    expect(row).toContain("'=cmd");
  });
});
