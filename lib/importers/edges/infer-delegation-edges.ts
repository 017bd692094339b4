import type { TEdge } from "../../trace/schema";
import { describeStep, edge, type EdgeContext } from "./edge-context";

/**
 * Delegation: authority handed from one agent to another. Three signals, strongest first:
 * 1. an explicit delegate/handoff step with a `target` (Magentic-One `X (-> Y)`, AutoGen
 *    `HandoffMessage`) → the target's next step;
 * 2. the execution graph, `graph.node.parent_id` → the step with that `graph.node.id`;
 * 3. the span tree: a step whose structural parent belongs to a different agent (unless the parent
 *    is a container span, `culprit.container`).
 */
export function inferDelegationEdges(ctx: EdgeContext): TEdge[] {
  const { steps } = ctx;
  const edges: TEdge[] = [];
  // Next step index per agent, scanned backwards, so finding "target's next step" is O(1).
  const nextOfAgent = new Map<string, number>();
  const nextStepOfTarget = new Int32Array(steps.length).fill(-1);
  for (let i = steps.length - 1; i >= 0; i--) {
    const target = steps[i].target;
    if (target !== undefined) nextStepOfTarget[i] = nextOfAgent.get(target) ?? -1;
    nextOfAgent.set(steps[i].agent, i);
  }
  const nodeStep = new Map<string, number>();
  steps.forEach((step, i) => {
    const nodeId = step.attributes?.["graph.node.id"];
    if (typeof nodeId === "string" && !nodeStep.has(nodeId)) nodeStep.set(nodeId, i);
  });

  steps.forEach((step, i) => {
    if (step.target !== undefined && step.target !== step.agent && nextStepOfTarget[i] > i) {
      const to = steps[nextStepOfTarget[i]];
      const how = step.kind === "delegate" ? "delegates to" : "hands off to";
      edges.push(
        edge(
          step,
          to,
          "delegation",
          `${step.agent} ${how} ${step.target} (${describeStep(step)}); ${step.target} acts next in ${describeStep(to)}`,
          0.95,
        ),
      );
    }
    const parentNode = step.attributes?.["graph.node.parent_id"];
    if (typeof parentNode === "string" && parentNode !== "") {
      const p = nodeStep.get(parentNode);
      if (p !== undefined && p < i && steps[p].agent !== step.agent) {
        edges.push(
          edge(
            steps[p],
            step,
            "delegation",
            `execution graph: node ${String(step.attributes?.["graph.node.id"] ?? step.id)} (${step.agent}) has parent node ${parentNode} (${steps[p].agent})`,
            0.9,
          ),
        );
      }
    }
    const p = ctx.parentOf[i];
    if (p >= 0) {
      // A span whose agent was guessed from timing was not started by its parent's agent.
      // A container (workflow, crew) runs its agents but is none: its children were not started by
      // the agent its step is filed under.
      if (
        p < i &&
        steps[p].agent !== step.agent &&
        step.attributes?.["culprit.agent_source"] !== "time-containment" &&
        steps[p].attributes?.["culprit.container"] !== true
      ) {
        edges.push(
          edge(
            steps[p],
            step,
            "delegation",
            `span tree: ${describeStep(steps[p])} started ${describeStep(step)} of another agent`,
            0.85,
          ),
        );
      }
    }
  });
  return edges;
}
