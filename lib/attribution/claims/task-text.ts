import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";

/** The task as stated: the run's task, else (a chat log that records none) the task giver's opening message. */
export function taskText(g: EngineGraph): string {
  if (g.trace.run.task?.trim()) return g.trace.run.task;
  for (let v = 0; v < g.n; v++) if (g.taskGivers.has(g.agentOf[v])) return stepText(g.steps[v]);
  return "";
}
