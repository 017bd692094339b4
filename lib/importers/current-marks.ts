/**
 * Brings a stored trace up to the canonical marks today's importers set, in place and idempotently,
 * so a run imported before a mark existed is analyzed as a fresh upload of the same file would be
 * (re-analysis after an engine upgrade reads the stored trace, not the original file):
 * - the conventional task giver and the steps that close the run (every format, as `finalizeTrace`);
 * - an AgentChat run's stop on a keyword's mention, from its stored stop reason (as `import-autogen.ts`);
 * - observation and program-output offsets in chat messages (the chat formats, as their importers);
 * - an AG2 Who&When run's task as the group received it (its opening prompt; see `givenTask`), and how
 *   it ended and its final answer when its closing message states one (ADR 0076).
 */
import type { TTrace } from "../trace/schema";
import { markConventionalTaskGivers } from "./chat/task-giver";
import { chatTermination, markClosingSteps, mentionStopToken } from "./chat/chat-termination";
import { STOPPED_ON_MENTION } from "../trace/canonical-attributes";
import { markObservation } from "./chat/observation-marks";
import { givenTask, lastFinalAnswer } from "./who-and-when/import-who-and-when";
import { TERMINATION_ATTR } from "../trace/run-termination";

/** Formats whose importers mark observations in message text (`markObservation`). */
const CHAT_FORMATS = new Set(["ag2", "autogen", "who-and-when"]);

export function withCurrentMarks(trace: TTrace): TTrace {
  markConventionalTaskGivers(trace);
  markClosingSteps(trace.steps);
  const format = trace.run.sourceFormat ?? "";
  if (CHAT_FORMATS.has(format)) for (const step of trace.steps) markObservation(step);
  const stopReason = trace.run.attributes?.stop_reason;
  const stopToken = format === "autogen" && typeof stopReason === "string" ? mentionStopToken(stopReason) : undefined;
  if (stopToken) trace.run.attributes = { ...trace.run.attributes, [STOPPED_ON_MENTION]: stopToken };
  if (format === "who-and-when" && trace.run.system === "ag2" && trace.steps.length > 0) {
    trace.run.task = givenTask([{ content: trace.steps[0].content }], trace.run.task);
    const ended = trace.run.attributes?.[TERMINATION_ATTR] === undefined ? chatTermination(trace.steps) : undefined;
    if (ended) trace.run.attributes = { ...trace.run.attributes, [TERMINATION_ATTR]: ended };
    trace.run.finalAnswer ??= lastFinalAnswer(trace.steps);
  }
  return trace;
}
