import type { TLabel, TTraceInput } from "../../trace/schema";
import { TraceBuilder, isRecord, toText } from "../trace-builder";
import { looksLikeReprCall, parsePythonRepr } from "../python-repr/parse-python-repr";
import { mapAgentChatMessage } from "../chat/import-autogen";
import { isTaskGiverName, registerTaskGiver } from "../chat/task-giver";
import { MAGENTIC_ONE_SYSTEM, isMagenticHarness } from "../chat/magentic-one";
import { answerMatches } from "./answer-matches";
import { markOrchestratorDelegations } from "../chat/orchestrator-delegation";
import { chatTermination } from "../chat/chat-termination";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { MAPPED_FIELDS } from "./record-fields";

/** Harness entries (see `isMagenticHarness`) and the task giver's own are folded into this task giver. */
const TASK_GIVER = "user";
const ORCHESTRATOR = /orchestrator/i;
const FINAL_ANSWER = /FINAL ANSWER:\s*([^\n]+)/g;

/** A history whose contents are AgentChat message reprs, e.g. `TextMessage(source='WebSurfer', …)`. */
export function hasReprHistory(history: readonly unknown[]): boolean {
  let reprs = 0;
  for (const m of history)
    if (
      isRecord(m) &&
      typeof m.content === "string" &&
      looksLikeReprCall(m.content) &&
      /\bsource=/.test(m.content.slice(0, 2000))
    )
      reprs++;
  return reprs > 0 && reprs * 2 >= history.length;
}

function isHarness(name: string): boolean {
  return isMagenticHarness(name) || isTaskGiverName(name);
}

/**
 * Maps a Who&When-layout record of an AgentChat Magentic-One run whose `content` fields are Python
 * reprs of the messages. Each repr is parsed (never evaluated): its `source` is the agent, its
 * `content` the text; ids, timestamps and usage go to their own fields, not to the text. Harness
 * entries become the task giver. An orchestrator message directly followed by another agent's turn
 * is a delegation to that agent (see `markOrchestratorDelegations`). The outcome compares the final answer with the ground truth
 * when both exist; else `is_correct` decides; else it is unknown.
 */
export function importMagenticRepr(value: Record<string, unknown> & { history: unknown[] }): TTraceInput {
  const builder = new TraceBuilder();
  registerTaskGiver(builder, TASK_GIVER);
  const messages = value.history.map((entry, i) => toMessage(entry, i, builder));
  const sources = [...new Set(messages.map((m) => m?.source).filter((s): s is string => typeof s === "string"))];
  const steps = messages.map((m, i) => (m ? mapAgentChatMessage(m, i, sources, "s") : undefined));
  markOrchestratorDelegations(
    steps,
    (agent) => ORCHESTRATOR.test(agent),
    (agent) => agent === TASK_GIVER,
  );
  for (const step of steps) if (step) builder.step(step);

  const label = mistakeLabel(value, builder);
  if (label) builder.labels.push(label);
  const question = typeof value.question === "string" ? value.question : undefined;
  const groundTruth =
    value.ground_truth === undefined || value.ground_truth === null ? undefined : toText(value.ground_truth);
  const finalAnswer = finalAnswerOf(builder);
  const matched =
    finalAnswer !== undefined && groundTruth !== undefined ? answerMatches(finalAnswer, groundTruth) : undefined;
  const labelled =
    typeof value.is_correct === "boolean"
      ? value.is_correct
      : typeof value.is_corrected === "boolean"
        ? value.is_corrected
        : undefined;
  const correct = matched ?? labelled;
  const attributes: Record<string, unknown> = { content_format: "python-repr" };
  for (const [key, v] of Object.entries(value)) if (!MAPPED_FIELDS.has(key)) attributes[key] = v;
  if (labelled !== undefined) attributes.is_correct = labelled;
  if (matched !== undefined) attributes.answer_matches_ground_truth = matched;
  const termination = chatTermination(builder.steps, false);
  if (termination) attributes[TERMINATION_ATTR] = termination;
  return builder.build({
    title: question?.slice(0, 200),
    system: MAGENTIC_ONE_SYSTEM,
    task: question,
    groundTruth,
    finalAnswer,
    outcome: correct === undefined ? "unknown" : correct ? "success" : "failure",
    sourceFormat: "who-and-when",
    attributes,
  });
}

/** The AgentChat message an entry holds: its parsed repr, else `{source: role, content}`. */
function toMessage(entry: unknown, i: number, builder: TraceBuilder): Record<string, unknown> | undefined {
  if (!isRecord(entry)) {
    builder.warn(`history[${i}] is not an object; skipped`);
    return undefined;
  }
  const role = typeof entry.role === "string" ? entry.role : typeof entry.name === "string" ? entry.name : "";
  let message: Record<string, unknown> = { source: role, content: entry.content, type: "TextMessage" };
  if (typeof entry.content === "string" && looksLikeReprCall(entry.content)) {
    const parsed = parsePythonRepr(entry.content);
    if (isRecord(parsed) && typeof parsed.source === "string") message = parsed;
    else builder.warn(`history[${i}]: content looks like a Python repr but could not be read; kept as text`);
  }
  const source =
    typeof message.source === "string" && message.source.trim() && !isHarness(message.source)
      ? message.source
      : role && !isHarness(role)
        ? role
        : TASK_GIVER;
  return { ...message, source, ...(role && role !== source ? { role } : {}) };
}

function finalAnswerOf(builder: TraceBuilder): string | undefined {
  for (let i = builder.steps.length - 1; i >= 0; i--) {
    const matches = [...(builder.steps[i].content ?? "").matchAll(FINAL_ANSWER)];
    if (matches.length) return matches[matches.length - 1][1].trim();
  }
  // Without the marker, the last thing an agent (not the task giver) said is the answer.
  const last = [...builder.steps]
    .reverse()
    .find(
      (s) =>
        s.agent !== TASK_GIVER &&
        (s.kind === "message" || s.kind === "final" || s.kind === "delegate") &&
        (s.content ?? "").trim(),
    );
  return last?.content?.trim() || undefined;
}

function mistakeLabel(value: Record<string, unknown>, builder: TraceBuilder): TLabel | undefined {
  const agent =
    typeof value.mistake_agent === "string" && value.mistake_agent.trim() ? value.mistake_agent.trim() : undefined;
  const raw = value.mistake_step;
  if (!agent && (raw === undefined || raw === null || raw === "")) return undefined;
  let stepId: string | undefined;
  if (raw !== undefined && raw !== null && raw !== "") {
    const index = Number(raw);
    if (Number.isInteger(index) && builder.hasStep(`s${index}`)) stepId = `s${index}`;
    else builder.warn(`mistake_step "${String(raw)}" is not a history index; label kept without a step`);
  }
  return {
    agent,
    stepId,
    note: typeof value.mistake_reason === "string" ? value.mistake_reason : undefined,
    author: "who-and-when",
  };
}
