/**
 * Instruction drift, both sides of a delegation:
 * - the manager's instruction introduces values (numbers) found neither in the task nor in any step
 *   it could have seen (see `grounding.ts`);
 * - the worker's reply covers almost none of the instruction's key words (it went somewhere else).
 *   Only prose replies are compared: a tool call's structured arguments ("BER", "2027-03-13") share
 *   few words with a prose instruction even when they follow it exactly. The reply is the worker's
 *   whole turn, up to when another agent speaks: a worker handed a plan of several changes starts by
 *   reading a file, and covers the plan over the steps that follow, not in its first one.
 */
import type { Detector, DetectorHit } from "./types";
import { taskText } from "../claims/task-text";
import { containment, tokenize } from "../text-features";
import { buildGrounding } from "../grounding";
import type { EngineGraph } from "../build-graph";

/** Replies covering less than this fraction of the instruction's words are off-task. */
const MIN_COVERAGE = 0.12;

export const detectInstructionDrift: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  const task = taskText(g);
  const taskTokens = tokenize(task);
  const grounding = buildGrounding(g);
  for (let i = 0; i < g.n; i++) {
    if (isDelegation(g, i)) {
      const novel = [...new Set(g.features[i].numbers)].filter(
        (x) => Math.abs(Number(x)) > 10 && !grounding.seenBefore(i, x),
      );
      if (novel.length > 0)
        hits.push({
          step: i,
          name: "instruction-drift",
          score: 0.55,
          mast: "FM-1.1 disobey task specification",
          evidence: {
            stepIds: [g.steps[i].id],
            note: `delegation introduces ${novel.slice(0, 4).join(", ")}, found neither in the task nor earlier`,
          },
        });
      const reply = replyTo(g, i);
      if (reply >= 0 && g.steps[reply].kind !== "tool_call" && g.steps[reply].kind !== "tool_result") {
        const instr = g.features[i].tokens;
        const turn = turnTokens(g, reply);
        const coverage = containment(instr, turn);
        const taskCoverage = containment(taskTokens, turn);
        if (
          instr.size >= 4 &&
          g.features[reply].tokens.size >= 4 &&
          coverage < MIN_COVERAGE &&
          taskCoverage < MIN_COVERAGE
        )
          hits.push({
            step: reply,
            name: "instruction-drift",
            score: 0.5,
            mast: "FM-2.3 task derailment",
            evidence: {
              stepIds: [g.steps[reply].id, g.steps[i].id],
              note: `reply covers ${Math.round(coverage * 100)}% of the instruction in ${g.steps[i].id}`,
            },
          });
      }
    }
  }
  return hits;
};

/** Steps of a worker's turn read for its words: a turn that goes on longer has shown where it went. */
const MAX_TURN = 12;

/**
 * The words of the turn that starts at step `reply`: its own steps until another agent speaks (tool
 * and environment output in between is part of the turn, not a new speaker).
 */
function turnTokens(g: EngineGraph, reply: number): Set<string> {
  const a = g.agentOf[reply];
  let words: Set<string> | undefined;
  for (let j = reply + 1, own = 1; j < g.n && own < MAX_TURN; j++) {
    if (g.toolAgents.has(g.agentOf[j]) || g.steps[j].kind === "tool_result") continue;
    if (g.agentOf[j] !== a) break;
    own++;
    words ??= new Set(g.features[reply].tokens);
    for (const w of g.features[j].tokens) words.add(w);
  }
  return words ?? g.features[reply].tokens;
}

function isDelegation(g: EngineGraph, i: number): boolean {
  if (g.steps[i].kind === "delegate" || g.steps[i].target !== undefined) return true;
  for (let k = g.outStart[i]; k < g.outStart[i + 1]; k++) if (g.edges[g.outEdges[k]].kind === "delegation") return true;
  return false;
}

/** The delegatee's first step after the delegation: the target of a delegation edge, else the named target's next step. */
function replyTo(g: EngineGraph, i: number): number {
  for (let k = g.outStart[i]; k < g.outStart[i + 1]; k++) {
    const e = g.edges[g.outEdges[k]];
    if (e.kind === "delegation" && g.agentOf[e.to] !== g.agentOf[i]) return e.to;
  }
  const target = g.steps[i].target;
  if (target === undefined) return -1;
  for (let j = i + 1; j < Math.min(g.n, i + 6); j++) if (g.steps[j].agent === target) return j;
  return -1;
}
