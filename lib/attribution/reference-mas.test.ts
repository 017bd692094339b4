/**
 * The reference multi-agent system (demo-mas: planner → workers → aggregator → verifier → planner
 * publishes) emits real OTLP traces. For every single-agent fault it supports, the offline engine
 * must name the injected agent, not the planner that merely publishes the final answer (the last
 * agent to touch the error), and the planner must come out as a propagator or bystander unless
 * the fault is its own. Nothing here knows the agents' names: the faults come from demo-mas itself.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoMas, type DemoMas } from "@/demo-mas/app";
import { DEFAULT_TASK } from "@/demo-mas/task";
import { supportedFaults, type Fault } from "@/demo-mas/faults";
import { importTrace } from "@/lib/importers";
import { analyzeTrace } from "./index";
import type { AnalysisReport } from "./types";

let mas: DemoMas;
beforeAll(async () => {
  mas = await startDemoMas({ port: 0 });
});
afterAll(async () => {
  await mas.close();
});

async function run(
  fault: Fault | undefined,
  seed: string,
): Promise<{ report: AnalysisReport; stepIds: string[]; outcome: unknown }> {
  const res = await fetch(`${mas.url}/run`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fault, seed }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { trace: unknown; outcome: unknown };
  const { trace } = importTrace(JSON.stringify(body.trace));
  return { report: analyzeTrace(trace), stepIds: trace.steps.map((s) => s.id), outcome: body.outcome };
}

/** The agent that publishes the final answer: the root of the trace, whoever it is. */
function publisher(report: AnalysisReport, stepIds: string[]): string {
  return report.steps.find((s) => s.stepId === stepIds[0])!.agent;
}

describe("reference multi-agent system: offline attribution of injected faults", () => {
  it("blames no one in a clean run, and reports steps in the trace's order", async () => {
    const { report, stepIds, outcome } = await run(undefined, "reference-clean");
    expect(outcome).toBe("success");
    expect(report.analyzedAsFailure).toBe(false);
    expect(report.decisive).toBeNull();
    expect(report.steps.map((s) => s.stepId)).toEqual(stepIds);
  });

  const faults = supportedFaults(DEFAULT_TASK);
  it("covers every fault the system supports", () => {
    expect(faults.length).toBeGreaterThanOrEqual(19);
  });

  it.each(faults.map((f) => [`${f.agent}#${f.step} ${f.mode}`, f] as const))(
    "names the injected agent: %s",
    async (_, fault) => {
      const { report, stepIds, outcome } = await run(fault, `reference-${fault.agent}-${fault.step}-${fault.mode}`);
      expect(outcome).toBe("failure");
      expect(report.decisive?.agent).toBe(fault.agent);
      expect(report.decisive!.criteria.fault).toBeGreaterThanOrEqual(report.config.faultThreshold);
      expect(report.agents.find((a) => a.agent === fault.agent)?.role).toBe("culprit");
      const top = publisher(report, stepIds);
      // Engine 0.5: a publisher that approved or combined the wrong value is a missed check; never a culprit.
      if (fault.agent !== top)
        expect(["propagator", "bystander", "missed-check"]).toContain(report.agents.find((a) => a.agent === top)?.role);
      expect(report.verdict).toContain(`Root cause: ${fault.agent}`);
    },
  );
});
