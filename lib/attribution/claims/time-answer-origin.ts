/**
 * The origin of a concluded wrong answer that is a time of day ("Final answer: 12:05"). The pieces of
 * a time are no number claims (`calendar-piece.ts`), so neither value provenance nor the typed origin
 * reads such an answer, and with no other evidence a prior named whoever had the most steps. As for
 * any concluded answer (ADR 0018), the first agent step that states the time as its own (outside a
 * question and any observation it quotes) is where it entered; the task's own times and a ground
 * truth that holds it are no error.
 */
import type { EngineGraph } from "../build-graph";
import { taskText } from "./task-text";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import { NOT_CANDIDATE, classifyParticipants } from "../model/participants";
import { withoutQuestions } from "../model/own-content";
import { claimPart } from "../text-features";
import { observationAt } from "../../trace/canonical-attributes";
import { runTerminationOf } from "../../trace/run-termination";
import type { AnswerOrigin } from "./answer-origin";
import { allMatches } from "../all-matches";

/** Characters read of the answer and of each step; agent steps read from the start. */
const MAX_ANSWER = 120;
const MAX_TEXT = 4_000;
const MAX_READ = 4_096;
const TIME_RE = /(?<![\d:.])(\d{1,2}):(\d{2})(?![\d:])/g;

/** The times of day a text states, as "h:mm" (a leading zero dropped). */
function timesIn(text: string): string[] {
  return [...allMatches(TIME_RE, text)]
    .filter((m) => Number(m[1]) < 24 && Number(m[2]) < 60)
    .map((m) => `${Number(m[1])}:${m[2]}`);
}

export function timeAnswerOrigin(g: EngineGraph): AnswerOrigin | null {
  if (runTerminationOf(g.trace.run.attributes) !== "concluded") return null;
  const answer = (g.trace.run.finalAnswer ?? "").trim().slice(0, MAX_ANSWER);
  const times = timesIn(answer);
  // One time (its numbers, if any, are value provenance's, which is asked first: decision.ts).
  if (times.length !== 1) return null;
  const time = times[0];
  if (timesIn(g.trace.run.groundTruth ?? "").includes(time)) return null;
  if (timesIn(taskText(g).slice(0, MAX_TEXT)).includes(time)) return null;
  const kinds = classifyParticipants(g);
  let read = 0;
  for (let u = 0; u < g.n && read < MAX_READ; u++) {
    if (!isAgentUtterance(g, u) || g.wrapper[u] || g.steps[u].kind === "tool_call") continue;
    if (NOT_CANDIDATE.has(kinds[g.agentOf[u]])) continue;
    read++;
    const own = claimPart(stepText(g.steps[u]), observationAt(g.steps[u].attributes)).slice(0, MAX_TEXT);
    // What a question holds is what it asks about, not a time it states.
    if (timesIn(withoutQuestions(own)).includes(time)) return { step: u, value: `t:${time}` };
  }
  return null;
}
