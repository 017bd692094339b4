"use client";
import { useCallback } from "react";
import { agentEdgeId } from "@/lib/view/build-agent-flow";
import type { RunPageData } from "@/lib/view/types";

/** The trace edges a canvas edge stands for: itself, an Agents-mode edge, or a merged group edge. */
export function useResolveEdgeIds(data: Pick<RunPageData, "edges" | "steps">) {
  return useCallback(
    (edgeId: string): string[] => {
      if (data.edges.some((e) => e.id === edgeId)) return [edgeId];
      if (edgeId.startsWith("agents:")) {
        const agentOf = new Map(data.steps.map((s) => [s.id, s.agent]));
        return data.edges.filter((e) => agentEdgeId(agentOf.get(e.from) ?? "", agentOf.get(e.to) ?? "", e.kind) === edgeId).map((e) => e.id);
      }
      if (edgeId.startsWith("merged:")) {
        // merged:<source node>|<target node>|<kind>|<key>: resolve through the steps each node stands for.
        const [source, target, kind] = edgeId.slice("merged:".length).split("|");
        const inNode = (node: string, stepId: string) => node === stepId || (node.startsWith("group:") && groupHas(node, stepId));
        const groupHas = (node: string, stepId: string) => {
          const first = data.steps.findIndex((s) => s.id === node.slice("group:".length));
          const at = data.steps.findIndex((s) => s.id === stepId);
          return first >= 0 && at >= first && data.steps[at].agent === data.steps[first].agent;
        };
        return data.edges
          .filter((e) => e.kind === kind && inNode(source, e.from) && inNode(target, e.to))
          .slice(0, 50)
          .map((e) => e.id);
      }
      return [];
    },
    [data.edges, data.steps],
  );
}
