/**
 * Tests' builder for a failed chat run: the steps in order, each answering the one before it
 * (message edges), with the task giver first. Returns the engine's report and what fired where.
 */
import { analyzeTrace } from "./index";
import { ZTrace, type TTraceInput } from "../trace/schema";

export interface ChatRun {
  task: string;
  taskGiver: string;
  agents: string[];
  steps: TTraceInput["steps"];
}

export function analyzeChatRun(run: ChatRun) {
  const { steps } = run;
  return analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: run.task },
      agents: [{ name: run.taskGiver, kind: "task_giver" }, ...run.agents.map((name) => ({ name }))],
      steps,
      edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
    }),
  );
}

/** The detectors that fired at a step. */
export function detectorsAt(report: ReturnType<typeof analyzeTrace>, stepId: string): string[] {
  return report.steps.find((s) => s.stepId === stepId)?.detectors.map((d) => d.name) ?? [];
}
