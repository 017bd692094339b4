import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { findCorrectiveAttempts } from "./corrective-attempts";
import { preferencePairs } from "./training-signals";
import { contextBefore, toTrainingJsonl } from "./training-jsonl";
import type { AnalysisReport } from "./types";

const config = resolveConfig();

/**
 * Review §2g toy g2: the Coder states a wrong total, the Runner's tool prints the right one, the
 * Verifier rejects with that evidence. In `ignored` the Coder keeps its value; in `revised` it fixes it.
 */
function g2(revised: boolean) {
  const steps: TTraceInput["steps"] = [
    { id: "s0", agent: "User", kind: "message", content: "Sum the invoice lines 1200 and 1621." },
    { id: "s1", agent: "Coder", kind: "message", content: "The invoice total is 2945." },
    {
      id: "s2",
      agent: "Runner",
      kind: "tool_result",
      content: "2821",
      tool: { name: "python", result: "2821" },
      status: "ok",
    },
    { id: "s3", agent: "Verifier", kind: "message", content: "This is incorrect: the tool printed 2821, not 2945." },
    {
      id: "s4",
      agent: "Coder",
      kind: "message",
      content: revised ? "Corrected: the invoice total is 2821." : "The invoice total is 2945, as computed.",
    },
    { id: "s5", agent: "Coder", kind: "final", content: revised ? "Final answer: 2821" : "Final answer: 2945" },
  ];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Sum the invoice lines 1200 and 1621." },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
  });
}

/** The Coder's s1 is the planted fault (the detectors are not under test here). */
function attempts(revised: boolean) {
  const g = buildGraph(g2(revised), config);
  const fault = new Float64Array(g.n);
  fault[g.indexOf.get("s1")!] = 0.9;
  return { g, corrective: findCorrectiveAttempts(g, fault, config.faultThreshold) };
}

describe("corrective attempts need an effect (review §2g: blocking without an effect)", () => {
  it("a rejection the Coder ignores is not effective and blocks nothing", () => {
    const { g, corrective } = attempts(false);
    const c = corrective.find((x) => g.steps[x.step].id === "s3")!;
    expect(c.effective).toBe(false);
    expect(c.blocks).toBe(false);
    expect(c.revision).toBeUndefined();
  });

  it("a rejection the Coder acts on is effective, blocks, and names the revision", () => {
    const { g, corrective } = attempts(true);
    const c = corrective.find((x) => g.steps[x.step].id === "s3")!;
    expect(c.effective).toBe(true);
    expect(c.blocks).toBe(true);
    expect(g.steps[c.revision!].id).toBe("s4");
  });
});

describe("repair-aware DPO pairs (review §2g)", () => {
  it("no real alternative (the rejection was ignored): no pair, rewards only", () => {
    const { g, corrective } = attempts(false);
    expect(preferencePairs(g, corrective)).toEqual([]);
  });

  it("the Coder's own revision is preferred over its rejected message, in the context before the rejected message", () => {
    const { g, corrective } = attempts(true);
    const pairs = preferencePairs(g, corrective);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({
      kind: "corrective-over-passive",
      chosenStepId: "s4",
      rejectedStepId: "s1",
      contextStepId: "s1",
    });
  });

  it("an alternative supplied for a step (replay or judge) makes a pair for exactly that context", () => {
    const { g } = attempts(false);
    const pairs = preferencePairs(g, [], new Map([[g.indexOf.get("s1")!, "The invoice total is 2821."]]));
    expect(pairs).toEqual([
      expect.objectContaining({
        kind: "alternative-over-original",
        rejectedStepId: "s1",
        chosenText: "The invoice total is 2821.",
      }),
    ]);
    expect(preferencePairs(g, [], new Map([[g.indexOf.get("s1")!, g.steps[g.indexOf.get("s1")!].content]]))).toEqual(
      [],
    );
  });

  it("the exported context is the conversation before the rejected step, never the rejected text", () => {
    const trace = g2(true);
    const { g, corrective } = attempts(true);
    const pairs = preferencePairs(g, corrective);
    const report = {
      runId: "g2",
      outcome: "failure",
      engineVersion: "test",
      training: { rewards: [], preferencePairs: pairs },
    } as unknown as AnalysisReport;
    const line = JSON.parse(toTrainingJsonl(report, trace).trim());
    expect(line.rejected).toBe("The invoice total is 2945.");
    expect(line.chosen).toBe("Corrected: the invoice total is 2821.");
    expect(line.context).not.toContain("2945");
    expect(line.context).toContain("User: Sum the invoice lines 1200 and 1621.");
    expect(contextBefore(trace, "s0")).toBe("task: Sum the invoice lines 1200 and 1621.");
  });
});

/** A Loader's script fails (a traceback), then its rewritten script runs; in `again` the retry fails too. */
function retried(again: boolean) {
  const steps: TTraceInput["steps"] = [
    {
      id: "s0",
      agent: "Planner",
      kind: "message",
      content: "Load the tide table and report the highest tide in metres.",
    },
    { id: "s1", agent: "Loader", kind: "message", content: "```python\nimport tides\nprint(tides.peak())\n```" },
    {
      id: "s2",
      agent: "Shell",
      kind: "tool_result",
      content: "Traceback (most recent call last):\nModuleNotFoundError: No module named 'tides'",
      tool: {
        name: "python",
        result: "Traceback (most recent call last):\nModuleNotFoundError: No module named 'tides'",
      },
      status: "error",
    },
    {
      id: "s3",
      agent: "Loader",
      kind: "message",
      content:
        "```python\nimport csv\nrows = list(csv.reader(open('tide.csv')))\nprint(max(float(r[1]) for r in rows))\n```",
    },
    {
      id: "s4",
      agent: "Shell",
      kind: "tool_result",
      content: again ? "Traceback (most recent call last):\nFileNotFoundError: tide.csv" : "4.72",
      tool: {
        name: "python",
        result: again ? "Traceback (most recent call last):\nFileNotFoundError: tide.csv" : "4.72",
      },
      status: again ? "error" : "ok",
    },
    { id: "s5", agent: "Loader", kind: "final", content: "The highest tide is 4.72 m." },
  ];
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Report the highest tide in metres." },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
  });
  const g = buildGraph(trace, config);
  return { g, corrective: findCorrectiveAttempts(g, new Float64Array(g.n), config.faultThreshold) };
}

describe("a retry that succeeded is a real alternative to the request whose call failed", () => {
  it("pairs the Loader's working retry over its failing request, in the context before the failing one", () => {
    const { g, corrective } = retried(false);
    expect(preferencePairs(g, corrective)).toEqual([
      expect.objectContaining({
        kind: "corrective-over-passive",
        rejectedStepId: "s1",
        chosenStepId: "s3",
        contextStepId: "s1",
        note: expect.stringContaining("retried the request of s1"),
      }),
    ]);
  });

  it("a retry that failed as well is no alternative: no pair", () => {
    const { g, corrective } = retried(true);
    expect(preferencePairs(g, corrective)).toEqual([]);
  });
});
