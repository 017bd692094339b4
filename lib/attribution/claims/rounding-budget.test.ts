/**
 * A step that quotes many figures rounds each from the tool's full floats: the rounding is read for
 * every figure, not only the first few a derivation is searched for. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../index";

const FULL = [
  12.604399962425232, 29.464286918, 13.3768, 0.4461582174, 3.9600000381, 41.27718, 7.553219, 18.90451, 66.01277,
  5.778431, 92.33619, 24.07183,
];

const unsourced = (said: string) =>
  analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Summarise the fund's twelve indicators for the quarterly note." },
      agents: [{ name: "Analyst" }, { name: "fund_indicators" }, { name: "Writer" }],
      steps: [
        { id: "t", agent: "Analyst", kind: "tool_call", content: "", tool: { name: "fund_indicators", arguments: {} } },
        {
          id: "r",
          agent: "fund_indicators",
          kind: "tool_result",
          content: FULL.map((x, i) => `k${i}: ${x}`).join("\n"),
        },
        { id: "a", agent: "Analyst", kind: "message", content: said },
        { id: "w", agent: "Writer", kind: "final", content: said },
      ],
    }),
  ).steps.flatMap((s) => s.detectors.filter((d) => d.name === "unsourced-value").map((d) => d.evidence.note));

describe("figures rounded from a tool's floats", () => {
  it("are all read as roundings, however many the step quotes", () => {
    expect(unsourced(`Indicators: ${FULL.map((x) => x.toFixed(2)).join(", ")}.`)).toEqual([]);
  });

  it("near miss: a figure no float rounds to is still introduced", () => {
    const said = `Indicators: ${FULL.map((x) => x.toFixed(2)).join(", ")}, and a yield of 31.75.`;
    expect(unsourced(said).join(" ")).toMatch(/introduces 31\.75/);
  });
});

describe("a figure rounded from a tool output a few steps back", () => {
  const unsourcedAt = (said: string) =>
    analyzeTrace(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: "Write a short note on the fund." },
        agents: [{ name: "Analyst" }, { name: "fund_indicators" }, { name: "Searcher" }, { name: "Writer" }],
        steps: [
          {
            id: "t",
            agent: "Analyst",
            kind: "tool_call",
            content: "",
            tool: { name: "fund_indicators", arguments: {} },
          },
          {
            id: "r",
            agent: "fund_indicators",
            kind: "tool_result",
            content: "ma_50: 13.376799983978271\nma_200: 12.604399962425232",
          },
          { id: "s", agent: "Searcher", kind: "message", content: "The fund's manager changed last spring." },
          { id: "w", agent: "Writer", kind: "final", content: said },
        ],
        edges: [
          { from: "t", to: "r", kind: "message" },
          { from: "r", to: "s", kind: "message" },
          { from: "s", to: "w", kind: "message" },
        ],
      }),
    )
      .steps.filter((x) => x.detectors.some((d) => d.name === "unsourced-value"))
      .map((x) => x.stepId);

  it("is read as a rounding though only an earlier step read the tool", () => {
    expect(unsourcedAt("The 200-day average stands at $12.60.")).toEqual([]);
  });

  it("near miss: a figure the float does not round to is introduced", () => {
    expect(unsourcedAt("The 200-day average stands at $12.70.")).toEqual(["w"]);
  });
});
