import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { TraceBuilder, isRecord, toText } from "../trace-builder";
import { isMagenticOneChat, mapAg2Messages } from "../chat/map-ag2-messages";
import { MAGENTIC_ONE_SYSTEM } from "../chat/magentic-one";
import { parseChatSpeaker } from "../chat/parse-chat-speaker";
import { hasReprHistory, importMagenticRepr } from "./import-magentic-repr";
import { registerTaskGiver } from "../chat/task-giver";
import { STATED_FINAL_ANSWER_RE, boxedAnswer, chatTermination } from "../chat/chat-termination";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { MAPPED_FIELDS } from "./record-fields";
import { importerRuleOff, type ImporterRule } from "../importer-rules";
import { trimEndChars } from "../../text/linear-text";

const FINAL_ANSWER = /FINAL ANSWER:\s*(.+)/g;

/**
 * Maps a Who&When record (both subsets: AG2 "Algorithm-Generated" with `name` per message, and
 * Magentic-One "Hand-Crafted" with the agent in `role`) to a trace. The dataset's blame label
 * becomes a `labels[]` entry pointing at the step at `mistake_step`. Runs are failures unless
 * `is_correct`/`is_corrected` says the answer was right.
 */
export function importWhoAndWhen(value: unknown, ablate?: readonly ImporterRule[]): TTraceInput {
  if (!isRecord(value) || !Array.isArray(value.history)) {
    throw new TraceInputError("schema", "Not a Who&When record: expected an object with a history[] array", {
      issues: [{ path: "history", message: "expected an array of {role, content} messages" }],
    });
  }
  // AgentChat Magentic-One runs saved in this layout carry Python reprs of the messages as content.
  if (hasReprHistory(value.history))
    return importMagenticRepr(value as Record<string, unknown> & { history: unknown[] });
  const builder = new TraceBuilder();
  const prompts = isRecord(value.system_prompt) ? value.system_prompt : {};
  for (const [agent, prompt] of Object.entries(prompts)) builder.agent(agent, { description: toText(prompt) });
  mapAg2Messages(builder, value.history, "history", ablate);
  // The dataset's `human` (Magentic-One logs) poses the task: mark it, so it is never blamed.
  for (const name of ["human", "user"]) if (builder.hasAgent(name)) registerTaskGiver(builder, name);

  const label = mistakeLabel(value, builder);
  if (label) builder.labels.push(label);

  const correct =
    typeof value.is_correct === "boolean"
      ? value.is_correct
      : typeof value.is_corrected === "boolean"
        ? value.is_corrected
        : undefined;
  const attributes: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (!MAPPED_FIELDS.has(key)) attributes[key] = v;
  if (correct !== undefined) attributes.is_correct = correct;
  const termination = chatTermination(builder.steps, !isMagenticOneChat(value.history));
  if (termination) attributes[TERMINATION_ATTR] = termination;
  return builder.build({
    title: typeof value.question === "string" ? value.question.slice(0, 200) : undefined,
    system:
      isMagenticOneChat(value.history) || !value.history.some((m) => isRecord(m) && typeof m.name === "string")
        ? MAGENTIC_ONE_SYSTEM
        : "ag2",
    task: givenTask(value.history, typeof value.question === "string" ? value.question : undefined, ablate),
    groundTruth:
      value.ground_truth === undefined || value.ground_truth === null ? undefined : toText(value.ground_truth),
    finalAnswer: lastFinalAnswer(builder.steps),
    outcome: correct === true ? "success" : "failure",
    sourceFormat: "who-and-when",
    attributes,
  });
}

/** AG2's CaptainAgent group chat opens with the task as the team received it, from this header on (see givenTask). */
const GENERAL_TASK_RE = /(?:^|\n)# General Task[ \t]*\n([\s\S]*?)(?=\n#{1,2} |$)/;

/**
 * The task as the team received it. AG2's CaptainAgent runs open with a prompt the harness
 * assembles: a "# General Task" section (the dataset's question plus what the harness added, such
 * as the attached file's path), then the manager's task description, plan, constraints and the
 * results of its previous round. All of it is handed to the group, so it is the task: values taken
 * from it are given, not invented by the first speaker (whose name the opening message carries).
 * Other records: the question; a record without one opens with the task, when a user-role message
 * opens it (a chat's first user message is what the team was asked to do).
 */
export function givenTask(
  history: unknown[],
  question: string | undefined,
  ablate?: readonly ImporterRule[],
): string | undefined {
  const first = history[0];
  const content = isRecord(first) && typeof first.content === "string" ? first.content : "";
  if (!question?.trim()) return isRecord(first) && first.role === "user" && content.trim() ? content : question;
  if (importerRuleOff(ablate, "given-task")) return question;
  const m = GENERAL_TASK_RE.exec(content);
  const section = m?.[1]?.trim();
  return m && section && question && section.includes(question.trim().slice(0, 80))
    ? content.slice(m.index).trim()
    : question;
}

function mistakeLabel(value: Record<string, unknown>, builder: TraceBuilder) {
  const hasAgent = typeof value.mistake_agent === "string" && value.mistake_agent.trim() !== "";
  const rawStep = value.mistake_step;
  if (!hasAgent && (rawStep === undefined || rawStep === null || rawStep === "")) return undefined;
  let stepId: string | undefined;
  if (rawStep !== undefined && rawStep !== null && rawStep !== "") {
    const index = Number(rawStep);
    if (Number.isInteger(index) && builder.hasStep(`s${index}`)) stepId = `s${index}`;
    else
      builder.warn(
        `mistake_step "${String(rawStep)}" is not a history index (0..${builder.steps.length - 1}); label kept without a step`,
      );
  }
  return {
    agent: hasAgent ? parseChatSpeaker(String(value.mistake_agent)).agent : undefined,
    stepId,
    note: typeof value.mistake_reason === "string" ? value.mistake_reason : undefined,
    author: "who-and-when",
  };
}

/** The run's final answer: the last "FINAL ANSWER:" line, else the closing message's "Final answer: …". */
export function lastFinalAnswer(steps: readonly { content?: string }[]): string | undefined {
  for (let i = steps.length - 1; i >= 0; i--) {
    const matches = [...(steps[i].content ?? "").matchAll(FINAL_ANSWER)];
    if (matches.length) return matches[matches.length - 1][1].trim();
  }
  // Else the closing message's own statement of the answer, in any case ("Final answer: 56").
  const last = steps[steps.length - 1]?.content ?? "";
  const stated = STATED_FINAL_ANSWER_RE.exec(last.slice(-4000))?.[1];
  if (stated) return trimEndChars(stated, "* \t\r") || undefined;
  // Or a math solver's boxed answer in it (`\boxed{26}`).
  return boxedAnswer(last.slice(-4000));
}
