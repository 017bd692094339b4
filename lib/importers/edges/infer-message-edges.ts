import type { TEdge, TStepInput } from "../../trace/schema";
import { describeStep, edge, type EdgeContext } from "./edge-context";
import { TextOverlapIndex } from "./text-overlap-index";
import { sampleMaskFor } from "./shingles";

/** Overlap below this share of the smaller text is treated as coincidence. */
const MIN_SCORE = 0.2;
/** Sources kept per receiving step (one per source agent), so a long prompt does not fan in from everyone. */
const MAX_SOURCES_PER_STEP = 3;
/** Steps that speak to others; a thought is not addressed to anyone, so it never sends a chat turn. */
const SENDS_TO_OTHERS = new Set<TStepInput["kind"]>([
  "message",
  "delegate",
  "final",
  "tool_result",
  "llm",
  "aggregate",
  "tool_call",
  "other",
]);

/**
 * Message: one agent's output reaching another agent. Two signals:
 * - text overlap: a step's input (or, in chat logs, its content) contains shingles of an earlier
 *   output by a different agent (inverted shingle index, linear in total text);
 * - in flat chat logs, consecutive turns: the previous addressed turn by a different agent.
 * Pairs already linked by a delegation edge are skipped by the caller's de-duplication.
 */
export function inferMessageEdges(ctx: EdgeContext): TEdge[] {
  const { steps } = ctx;
  const edges: TEdge[] = [];
  let totalChars = 0;
  let contentChars = 0;
  for (let i = 0; i < steps.length; i++) {
    contentChars += steps[i].content?.length ?? 0;
    totalChars += steps[i].input?.length ?? 0;
  }
  totalChars += contentChars;
  const mask = sampleMaskFor(totalChars);
  // At most about one shingle per 4 characters of indexed output (a short word and its separator), fewer when sampled.
  const index = new TextOverlapIndex(mask, contentChars / 4 / (mask + 1));
  let lastSpeaker = -1; // last non-thought step, for chat turns
  let receiverAgent = "";
  const fromOtherAgent = (j: number) => steps[j].agent !== receiverAgent;

  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const received = step.input ?? (ctx.isChatLog ? step.content : undefined);
    // Source agents already linked to this step (at most MAX_SOURCES_PER_STEP, so a list is enough).
    const linked: string[] = [];
    // Only the first step of a speaker's block receives the turn: its later steps saw nothing new.
    const startsBlock = i > 0 && steps[i - 1].agent !== step.agent;
    if (
      ctx.isChatLog &&
      startsBlock &&
      lastSpeaker >= 0 &&
      steps[lastSpeaker].agent !== step.agent &&
      step.input === undefined
    ) {
      const prev = steps[lastSpeaker];
      edges.push(edge(prev, step, "message", `chat turn: ${step.agent} speaks right after ${describeStep(prev)}`, 0.6));
      linked.push(prev.agent);
    }
    if (received) {
      receiverAgent = step.agent;
      const matches = index.query(received, fromOtherAgent);
      for (const m of matches) {
        if (m.score < MIN_SCORE || linked.length >= MAX_SOURCES_PER_STEP) break;
        const src = steps[m.index];
        if (linked.includes(src.agent)) continue;
        linked.push(src.agent);
        const where = step.input !== undefined ? "input" : "text";
        edges.push(
          edge(
            src,
            step,
            "message",
            `${step.agent}'s ${where} repeats ${Math.round(m.score * 100)}% of ${describeStep(src)} (${m.shared} shared 4-word phrases)`,
            0.4 + 0.55 * Math.min(1, m.score),
          ),
        );
      }
    }
    if (step.content) index.add(i, step.content);
    if (SENDS_TO_OTHERS.has(step.kind)) lastSpeaker = i;
  }
  return edges;
}
