import type { TEdge, TStepInput } from "../../trace/schema";
import { describeStep, edge, type EdgeContext } from "./edge-context";
import { shingleHashes } from "./shingles";

/** Words that say a step combines several contributions. */
const AGGREGATION_WORDS =
  /\b(vote[sd]?|voting|majority|consensus|merg(e|ed|ing)|combin(e|ed|ing)|aggregat\w*|summar\w*|synthes\w*|reconcil\w*|final answer)\b/i;

/**
 * Aggregation: one step combining the outputs of two or more other agents (a vote, a merge, a
 * summary). A step qualifies when it receives message edges from ≥ 2 distinct other agents and
 * either is an `aggregate` step or says so in its name/content; those message edges become
 * aggregation edges. Separately, a wrapper step whose output repeats the outputs of child steps
 * of ≥ 2 other agents aggregates them (supervisor/fan-in spans).
 */
export function inferAggregationEdges(ctx: EdgeContext, messageEdges: readonly TEdge[]): TEdge[] {
  const { steps, indexOf } = ctx;
  const edges: TEdge[] = [];
  const incoming = new Map<number, TEdge[]>();
  for (const e of messageEdges) {
    const to = indexOf.get(e.to);
    if (to < 0) continue;
    const list = incoming.get(to) ?? [];
    list.push(e);
    incoming.set(to, list);
  }
  for (const [to, list] of [...incoming].sort((a, b) => a[0] - b[0])) {
    const step = steps[to];
    const agents = new Set(list.map((e) => steps[indexOf.get(e.from)].agent));
    if (agents.size < 2 || !isAggregator(step)) continue;
    for (const e of list) {
      const from = steps[indexOf.get(e.from)];
      edges.push(
        edge(
          from,
          step,
          "aggregation",
          `${describeStep(step)} combines outputs of ${agents.size} agents (${[...agents].join(", ")}), including ${describeStep(from)}`,
          Math.min(0.9, e.confidence + 0.1),
        ),
      );
    }
  }
  edges.push(...inferFanInEdges(ctx));
  return edges;
}

function isAggregator(step: TStepInput): boolean {
  if (step.kind === "aggregate") return true;
  return AGGREGATION_WORDS.test(step.name ?? "") || AGGREGATION_WORDS.test((step.content ?? "").slice(0, 2000));
}

/** Wrapper steps whose output repeats child outputs of ≥ 2 other agents. */
function inferFanInEdges(ctx: EdgeContext): TEdge[] {
  const { steps, parentOf } = ctx;
  const children = new Map<number, number[]>();
  steps.forEach((step, i) => {
    const p = parentOf[i];
    if (p < 0 || steps[p].agent === step.agent || !step.content) return;
    const list = children.get(p) ?? [];
    list.push(i);
    children.set(p, list);
  });
  const edges: TEdge[] = [];
  for (const [p, kids] of [...children].sort((a, b) => a[0] - b[0])) {
    const parent = steps[p];
    if (new Set(kids.map((k) => steps[k].agent)).size < 2 || !parent.content) continue;
    const parentShingles = shingleHashes(parent.content);
    const contributors = kids.filter((k) => overlapShare(shingleHashes(steps[k].content ?? ""), parentShingles) >= 0.3);
    const agents = new Set(contributors.map((k) => steps[k].agent));
    if (agents.size < 2 && !(parent.kind === "aggregate" && agents.size >= 1)) continue;
    for (const k of contributors) {
      edges.push(
        edge(
          steps[k],
          parent,
          "aggregation",
          `${describeStep(parent)} output repeats the outputs of its sub-agents ${[...agents].join(", ")}, including ${describeStep(steps[k])}`,
          0.75,
        ),
      );
    }
  }
  return edges;
}

function overlapShare(part: Set<number>, whole: Set<number>): number {
  if (part.size === 0) return 0;
  let shared = 0;
  for (const h of part) if (whole.has(h)) shared++;
  return shared / part.size;
}
