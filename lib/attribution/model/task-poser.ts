/**
 * The speaker that opens a group run by posing the task and afterwards only tells the group what to
 * do next ("Please give your final answer in the form ANSWER: <answer>") is the harness: a debate or
 * round-robin driver, whatever it is called ("User", "System", "Moderator"). It brings the task and
 * the protocol, not an answer, so it is evidence and never a culprit candidate. Read from behaviour:
 * - its first step opens the run and holds the task (most of the task's words) or asks the group to
 *   answer ("Round 1: please state your answer.");
 * - every one of its steps is short, in no first person, and carries no tool output or call; its
 *   opening states no value, name or answer the task does not hold, and its later steps none that the
 *   task and the other speakers' latest steps do not (it may announce the answer they gave);
 * - it speaks a few times at most, among at least two other speakers (with one other speaker it is a
 *   simulated user, which can be wrong).
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { resultStatements } from "../claims/result-statements";
import { wordsOf } from "../claims/stated-values";
import { isToolOutput } from "../detectors/patterns";
import { FIRST_PERSON_RE, contentOf, statesOwnValue, taskContent, type TaskContent } from "./own-content";

/** Steps a task poser speaks at most: a driver announces the task and a round or two. */
const MAX_POSER_STEPS = 3;
/** Content words per step at most: an instruction, not work. */
const MAX_WORDS = 60;
/** Share of the task's distinct words its opening must hold. */
const TASK_SHARE = 0.8;
const MAX_TEXT = 4_000;
/** Steps of the others a driver's later message may relay from. */
const RELAYED_STEPS = 32;
/** Words of a request to the group: a driver asks for answers, it does not give them. */
const REQUEST_RE = /\b(?:please|answer|respond|reply|discuss|debate|state|give|provide)\b/i;
/** A protocol counter ("Round 2 of 3", "turn 4"): the driver's bookkeeping, not a value it states. */
const COUNTER_RE = /\b(?:round|turn|step|iteration|cycle|phase)\s*#?\d+(?:\s*(?:of|\/)\s*\d+)?/gi;

/** Whether a step says nothing of its own: no first person, no value or name beyond the task's, no answer. */
function saysNothingOwn(text: string, task: TaskContent, taskWords: Set<string>): boolean {
  if (FIRST_PERSON_RE.test(text)) return false;
  // "Please answer: Name the longest river" restates the task after a lead word; an answer of its own does not.
  for (const st of resultStatements(text)) {
    const v = st.value;
    const given = v.words
      ? v.words.every((w) => taskWords.has(w))
      : task.values.has(v.value) || taskWords.has(v.raw.toLowerCase().replace(/[()]/g, ""));
    if (!given) return false;
  }
  return !statesOwnValue(text.replace(COUNTER_RE, " "), task);
}

/** The other speakers' text in the steps just before v (at most RELAYED_STEPS of them). */
function othersBefore(g: EngineGraph, a: number, v: number): string {
  const parts: string[] = [];
  for (let u = v - 1; u >= 0 && parts.length < RELAYED_STEPS; u--)
    if (!g.wrapper[u] && g.agentOf[u] !== a) parts.push(stepText(g.steps[u]).slice(0, MAX_TEXT));
  return parts.join("\n");
}

export function posesTaskOnly(g: EngineGraph, a: number, otherSpeakers: number): boolean {
  if (otherSpeakers < 2) return false;
  const task = taskContent(g);
  const allWords = new Set(wordsOf(task.lower.slice(0, MAX_TEXT)));
  const taskWords = [...allWords].filter((w) => w.length >= 3);
  if (taskWords.length === 0) return false;
  let first = -1;
  let steps = 0;
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v]) continue;
    if (first < 0 && g.agentOf[v] !== a) return false; // it opens the run
    if (g.agentOf[v] !== a) continue;
    if (++steps > MAX_POSER_STEPS || isToolOutput(g, v) || g.steps[v].kind === "tool_call") return false;
    const text = stepText(g.steps[v]).slice(0, MAX_TEXT);
    if (wordsOf(text).length > MAX_WORDS + taskWords.length) return false;
    // After the opening, what the group said is the driver's to relay: announcing the answer the
    // agents gave ("Final answer (majority): 32") adds nothing of its own.
    const given = first < 0 ? task : contentOf(g, `${task.lower}\n${othersBefore(g, a, v)}`);
    if (!saysNothingOwn(text, given, first < 0 ? allWords : new Set(wordsOf(given.lower)))) return false;
    if (first < 0) {
      first = v;
      const said = new Set(wordsOf(text));
      let held = 0;
      for (const w of taskWords) if (said.has(w)) held++;
      if (held < TASK_SHARE * taskWords.length && !REQUEST_RE.test(text)) return false;
    }
  }
  return first >= 0;
}
