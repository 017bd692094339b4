/**
 * The protocol's own voice: a speaker that runs a fixed protocol between the agents ("Round 2 of the
 * debate begins", "The majority answer is 27") and says nothing of its own. In a debate it speaks once
 * per round and once at the close, so it has more steps than any debater, and a prior that counts steps
 * would name it. By behaviour: at least two short steps, none about the task's subject (at most one
 * word shared with the task), and not one of them states a value or a name that neither the task nor
 * the steps just before it hold (round counters, whole numbers up to 10, are no values). The caller
 * has already ruled out the first person, run requests, program output, addressing an agent by name
 * and verdicts: what an agent does. Bounded: at most MAX_STEPS steps, each read against the MAX_WINDOW
 * steps before it, MAX_CHARS of each text.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { extractClaims } from "../claims/extract-claims";
import { isTrivialNumber } from "../claims/trivial-number";
import { namesOwn } from "./own-content";
import { tokenize } from "../text-features";
import { statesAnAnswer } from "./answer-statement";

const MAX_STEPS = 20;
/** Words (tokens) a step of the protocol may hold: an announcement, not a contribution. */
const MAX_TOKENS = 40;
const MAX_WINDOW = 20;
const MAX_CHARS = 2000;

/** Words compared by their first letters, so that "merger" meets "merges". */
const STEM = 5;
/** Words of the task an announcement may share: "answer", "question" are the protocol's words too. */
const MAX_TASK_WORDS = 1;

export function speaksOnlyForProtocol(g: EngineGraph, a: number): boolean {
  let steps = 0;
  const task = (g.trace.run.task ?? "").slice(0, 4 * MAX_CHARS);
  const topic = new Set([...tokenize(task)].map((w) => w.slice(0, STEM)));
  for (let v = 0; v < g.n; v++) {
    if (g.agentOf[v] !== a || g.wrapper[v]) continue;
    if (++steps > MAX_STEPS || g.features[v].tokens.size > MAX_TOKENS) return false;
    // Talk about the problem's subject is an agent's work, however brief.
    let onTopic = 0;
    for (const w of g.features[v].tokens) if (topic.has(w.slice(0, STEM)) && ++onTopic > MAX_TASK_WORDS) return false;
    const before = [task];
    for (let u = v - 1, k = 0; u >= 0 && k < MAX_WINDOW; u--, k++)
      if (g.agentOf[u] !== a) before.push(stepText(g.steps[u]).slice(0, MAX_CHARS));
    const heard = before.join("\n");
    const known = new Set(extractClaims(heard).map((c) => c.value));
    const text = stepText(g.steps[v]).slice(0, MAX_CHARS);
    // A protocol opens the exchange with an announcement; a first step that answers is the first debater's.
    if (steps === 1 && statesAnAnswer(text)) return false;
    if (extractClaims(text).some((c) => c.kind !== "verdict" && !isTrivialNumber(c) && !known.has(c.value)))
      return false;
    if (namesOwn(text, heard.toLowerCase(), g)) return false;
  }
  return steps >= 2;
}
