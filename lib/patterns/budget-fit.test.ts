import { describe, expect, it } from "vitest";
import { agentsAcrossRuns, fitBudget, MIN_FIT_RUNS } from "./budget-fit";

describe("budget fit", () => {
  it("a budget that decides the outcome gives a high pseudo-R² and a positive slope", () => {
    const runs = Array.from({ length: 20 }, (_, i) => ({
      runId: `r${i}`,
      tokens: 1000 * 2 ** (i / 2),
      success: i >= 9 && i !== 10,
    }));
    const fit = fitBudget(runs)!;
    expect(fit.n).toBe(20);
    expect(fit.slope).toBeGreaterThan(1);
    expect(fit.pseudoR2).toBeGreaterThan(0.5);
    expect(fit.statement).toMatch(/explains most/);
    // The curve rises with tokens.
    expect(fit.curve[0].p).toBeLessThan(fit.curve.at(-1)!.p);
  });

  it("outcomes unrelated to the budget give a pseudo-R² near 0", () => {
    const runs = Array.from({ length: 24 }, (_, i) => ({
      runId: `r${i}`,
      tokens: 1000 + 500 * i,
      success: i % 2 === 0,
    }));
    const fit = fitBudget(runs)!;
    expect(fit.pseudoR2).toBeLessThan(0.05);
    expect(fit.statement).toMatch(/explains little/);
  });

  it("needs enough runs and both outcomes", () => {
    expect(
      fitBudget(
        Array.from({ length: MIN_FIT_RUNS - 1 }, (_, i) => ({
          runId: `${i}`,
          tokens: 100 * (i + 1),
          success: i % 2 === 0,
        })),
      ),
    ).toBeNull();
    expect(
      fitBudget(Array.from({ length: 20 }, (_, i) => ({ runId: `${i}`, tokens: 100 * (i + 1), success: true }))),
    ).toBeNull();
  });
});

describe("agents across runs (DyLAN selection)", () => {
  const run = (success: boolean, hangerImportance: number) => ({
    success,
    perAgent: [
      { agent: "Solver", blame: success ? 0 : 1, importance: 0.8, tokenShare: 0.5 },
      { agent: "Hanger-on", blame: 0, importance: hangerImportance, tokenShare: 0.4 },
      { agent: "Checker", blame: 0, importance: 0.2, tokenShare: 0.1 },
    ],
  });

  it("suggests dropping an agent that stayed unimportant in every run, passing ones included", () => {
    const rows = agentsAcrossRuns([run(true, 0.01), run(true, 0.02), run(false, 0.01), run(true, 0.0)]);
    expect(rows.find((r) => r.agent === "Hanger-on")).toMatchObject({ dropSuggested: true, runs: 4 });
    expect(rows.find((r) => r.agent === "Solver")?.dropSuggested).toBe(false);
    expect(rows.find((r) => r.agent === "Checker")?.dropSuggested).toBe(false);
  });

  it("keeps an agent that mattered once, or that no passing run did without", () => {
    expect(
      agentsAcrossRuns([run(true, 0.01), run(true, 0.6), run(true, 0.01)]).find((r) => r.agent === "Hanger-on")
        ?.dropSuggested,
    ).toBe(false);
    expect(
      agentsAcrossRuns([run(false, 0.01), run(false, 0.01), run(false, 0.01)]).find((r) => r.agent === "Hanger-on")
        ?.dropSuggested,
    ).toBe(false);
  });
});
