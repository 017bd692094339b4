/**
 * A value's lineage runs through tool computations: a number that contradicts its tool output and
 * is then handed to a calculator reaches the answer through the calculator's result.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { validateTrace } from "../../trace/validate-trace";
import { TRACE_SCHEMA_VERSION } from "../../trace/schema";
import { buildProvenance } from "./provenance";
import { findClaimIssues } from "./claim-findings";
import { analyzeTrace } from "../analyze-trace";
import { failedRun } from "../test-graphs";

function misquoteThenCalculator() {
  return validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: { task: "Report the combined sales of the Avalon and Brynmor stores in 2021.", outcome: "failure" },
    agents: [{ name: "Researcher" }, { name: "Analyst" }, { name: "Writer" }],
    steps: [
      {
        id: "l1",
        agent: "Researcher",
        kind: "tool_call",
        content: "",
        tool: { name: "lookup", arguments: { store: "Avalon" }, result: "Avalon sales: 2996" },
      },
      {
        id: "l2",
        agent: "Researcher",
        kind: "tool_call",
        content: "",
        tool: { name: "lookup", arguments: { store: "Brynmor" }, result: "Brynmor sales: 1200" },
      },
      { id: "r", agent: "Researcher", kind: "message", content: "Avalon sales: 2945. Brynmor sales: 1200." },
      {
        id: "c",
        agent: "Analyst",
        kind: "tool_call",
        content: "",
        tool: { name: "calculator", arguments: { expression: "2945 + 1200" }, result: "4145" },
      },
      { id: "w", agent: "Writer", kind: "final", content: "The combined sales are 4145." },
    ],
  });
}

describe("lineage through tool computations", () => {
  it("a contradicted value handed to a calculator reaches the answer", () => {
    const trace = misquoteThenCalculator();
    const g = buildGraph(trace, resolveConfig({}));
    const findings = findClaimIssues(g, buildProvenance(g));
    const misquote = findings.find((f) => f.name === "contradicts-source" && g.steps[f.step].id === "r");
    expect(misquote?.value).toBe("n:2945");
    expect(misquote?.reachesAnswer).toBe(true);
  });

  it("names the agent that misquoted the tool, not the calculator's caller or the writer", () => {
    const report = analyzeTrace(misquoteThenCalculator());
    expect(report.decisive?.agent).toBe("Researcher");
    expect(report.decisive?.stepId).toBe("r");
  });
});

/**
 * An analyst looks up a dwell time and a daily rate itself, then asks a runner's calculator, in prose
 * ("Invoking calculator with {…}"), for their product: the call is where it misreads 3.17 as 3.71.
 */
function misreadInWrittenCall(call: string) {
  return validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: { task: "What is the mooring charge for Pier Nine: its dwell days times the daily rate?", outcome: "failure" },
    agents: [{ name: "Analyst" }, { name: "Runner" }, { name: "Writer" }],
    steps: [
      { id: "q1", agent: "Analyst", kind: "message", content: 'Invoking lookup with {"pier": "Pier Nine"}.' },
      { id: "a1", agent: "Runner", kind: "tool_result", content: "pier | dwell_days\nPier Nine | 3.17" },
      {
        id: "q2",
        agent: "Analyst",
        kind: "message",
        content: 'Invoking lookup with {"pier": "Pier Nine", "field": "rate"}.',
      },
      { id: "a2", agent: "Runner", kind: "tool_result", content: "pier | rate_usd\nPier Nine | 58.19" },
      { id: "c", agent: "Analyst", kind: "message", content: call },
      { id: "o", agent: "Runner", kind: "tool_result", content: "215.88" },
      { id: "w", agent: "Writer", kind: "final", content: "The mooring charge is 215.88 USD." },
    ],
  });
}

const reachingAt = (trace: ReturnType<typeof misreadInWrittenCall>, id: string) => {
  const g = buildGraph(trace, resolveConfig({}));
  return findClaimIssues(g, buildProvenance(g)).filter((f) => g.steps[f.step].id === id && f.reachesAnswer);
};

describe("lineage through a call written in prose", () => {
  it("the numbers in its argument object are what it handed the tool: the misread reaches the answer", () => {
    const trace = misreadInWrittenCall('Invoking calculator with {"expression": "3.71 * 58.19"}.');
    expect(reachingAt(trace, "c").map((f) => f.value)).toEqual(["n:3.71"]);
    const report = analyzeTrace(trace);
    expect(report.decisive?.agent).toBe("Analyst");
    expect(report.decisive?.stepId).toBe("c");
  });

  it("numbers outside the argument object hand the tool nothing", () => {
    const trace = misreadInWrittenCall('Using 3.71 days. Invoking calculator with {"expression": "days * rate"}.');
    expect(reachingAt(trace, "c")).toEqual([]);
  });

  it("a call expression with keyword arguments written in prose hands the tool its arguments too", () => {
    for (const call of ['→ calculator(expression="3.71 * 58.19")', 'Action: calculator(expression = "3.71 * 58.19")'])
      expect(reachingAt(misreadInWrittenCall(call), "c").map((f) => f.value)).toEqual(["n:3.71"]);
  });

  it("near misses: a call expression inside fenced code, one with no keyword argument, one never closed", () => {
    for (const call of [
      '```python\nprint(calculator(expression="3.71 * 58.19"))\n```',
      '→ calculator("3.71 * 58.19")',
      '→ calculator(expression="3.71 * 58.19"',
    ])
      expect(reachingAt(misreadInWrittenCall(call), "c")).toEqual([]);
  });
});

/** A small decimal misread (1.86 as 1.68), then typed into code an executor runs for the answer. */
const smallDecimalIntoCode = () =>
  failedRun("What is the archive cost for Ebbing Ridge: its median seeing times 4.59 USD per frame?", [
    {
      id: "look",
      agent: "Observer",
      kind: "tool_call",
      tool: { name: "obs_metrics", arguments: { site: "Ebbing Ridge" }, result: "median seeing = 1.86 arcsec" },
    },
    { id: "post", agent: "Observer", kind: "message", content: "board[seeing] := 1.68 arcsec" },
    {
      id: "code",
      agent: "Costing",
      kind: "message",
      content: '```python\nprint(compute(expression="1.68 * 4.59"))\n```',
    },
    { id: "out", agent: "runner", kind: "tool_result", content: "7.71" },
    { id: "fin", agent: "Writer", kind: "final", content: "Archive cost: 7.71 USD." },
  ]);

/** The contradicted-source finding of a run, with its step's id. */
function contradiction(t: ReturnType<typeof failedRun>) {
  const g = buildGraph(t, resolveConfig({}));
  const f = findClaimIssues(g, buildProvenance(g)).find((x) => x.name === "contradicts-source");
  return { stepId: f && g.steps[f.step].id, reachesAnswer: f?.reachesAnswer };
}

describe("lineage through code, for small decimals", () => {
  it("a misread value restated in code reaches the answer, though a small decimal in code alone is a constant", () => {
    expect(contradiction(smallDecimalIntoCode())).toEqual({ stepId: "post", reachesAnswer: true });
    expect(analyzeTrace(smallDecimalIntoCode()).decisive?.stepId).toBe("post");
  });
});

describe("lineage through code, for a value first typed into it", () => {
  it("a misread count assigned in code reaches the answer through what the code printed", () => {
    const t = failedRun("What do the pallets in hall C cost to store at 12.5 EUR each?", [
      {
        id: "look",
        agent: "Ledger",
        kind: "tool_call",
        tool: { name: "hall_count", arguments: { hall: "C" }, result: '{"hall": "C", "count": 3482}' },
      },
      { id: "code", agent: "Ledger", kind: "message", content: "```python\ncount = 3842\nprint(count * 12.5)\n```" },
      { id: "out", agent: "runner", kind: "tool_result", content: "48025.0" },
      { id: "fin", agent: "Writer", kind: "final", content: "Storage: 48,025 EUR." },
    ]);
    expect(contradiction(t)).toEqual({ stepId: "code", reachesAnswer: true });
  });
});
