/**
 * How an aggregate step combines its inputs (vote / concat / select / synthesize), and which
 * inputs it combines. Read from the step's attributes (`aggregator`, `rule`, `selected`) or name.
 */
import type { EngineGraph } from "./build-graph";

export type AggregationRule = "vote" | "concat" | "select" | "synthesize";

export interface AggregatorInfo {
  step: number;
  rule: AggregationRule;
  /** Edge indices of the combined inputs. */
  inputs: number[];
  /** For `select`: the edge index of the chosen input. */
  selectedEdge: number;
}

export function findAggregators(g: EngineGraph): Map<number, AggregatorInfo> {
  const out = new Map<number, AggregatorInfo>();
  for (let v = 0; v < g.n; v++) {
    const s = g.steps[v];
    const aggEdges: number[] = [];
    for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++)
      if (g.edges[g.inEdges[k]].kind === "aggregation") aggEdges.push(g.inEdges[k]);
    if (s.kind !== "aggregate" && aggEdges.length === 0) continue;
    const raw = String(s.attributes?.["aggregator"] ?? s.attributes?.["rule"] ?? s.name ?? "").toLowerCase();
    const rule: AggregationRule = /vote|major/.test(raw)
      ? "vote"
      : /select|pick|best/.test(raw)
        ? "select"
        : /concat|merge|join/.test(raw)
          ? "concat"
          : "synthesize";
    const inputs = aggEdges.length > 0 ? aggEdges : Array.from(g.inEdges.subarray(g.inStart[v], g.inStart[v + 1]));
    let selectedEdge = -1;
    if (rule === "select") {
      const chosen = s.attributes?.["selected"];
      selectedEdge = inputs.find((e) => g.steps[g.edges[e].from].id === chosen) ?? -1;
      if (selectedEdge < 0)
        for (const e of inputs)
          if (selectedEdge < 0 || g.edges[e].overlap > g.edges[selectedEdge].overlap) selectedEdge = e;
    }
    out.set(v, { step: v, rule, inputs, selectedEdge });
  }
  return out;
}
