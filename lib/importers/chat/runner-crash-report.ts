import type { TStepInput } from "../../trace/schema";
import { isRecord } from "../trace-builder";

/**
 * When a Magentic-One run dies of an unhandled error, its runtime logs the error report
 * ("Error processing publish message", then the traceback) and the runner then prints the answer
 * it forces ("FINAL ANSWER: …") into the same log entry as the last message an agent wrote. That
 * tail is the runner's, not the agent's: the agent's message ends where the report begins. Left in
 * the agent's step, it makes that step the runner's forced answer, and the agent's own last work
 * (the page it read, the step the crash followed) is no longer its utterance.
 * The phrase is AutoGen core's runtime log line, written at the start of a line.
 */
const CRASH_REPORT_RE = /^Error processing publish message\b/m;

/**
 * Splits the runner's crash report off the log's last message: returns the messages with that
 * message's content cut where the report begins, and the report as its own text. Unchanged (no
 * `report`) when the last message holds no report, or nothing but the report (then the whole
 * entry is the runner's, and the importer's usual reading applies).
 */
export function splitCrashReport(messages: unknown[]): { messages: unknown[]; report?: string } {
  const last = messages.length - 1;
  const raw = messages[last];
  if (!isRecord(raw) || typeof raw.content !== "string") return { messages };
  const m = CRASH_REPORT_RE.exec(raw.content);
  const own = m ? raw.content.slice(0, m.index).trimEnd() : "";
  if (!m || !own.trim()) return { messages };
  return { messages: [...messages.slice(0, last), { ...raw, content: own }], report: raw.content.slice(m.index) };
}

/** The runner's crash report as a step of the task giver (the participant harness entries are folded into). */
export function crashReportStep(report: string, index: number, taskGiver: string): TStepInput {
  return {
    id: `s${index}-runner`,
    sourceRef: String(index),
    agent: taskGiver,
    kind: "message",
    name: "runner crash report",
    content: report,
  };
}
