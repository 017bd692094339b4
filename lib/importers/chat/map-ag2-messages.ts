import type { TStepInput, TStepKind } from "../../trace/schema";
import { type TraceBuilder, isRecord, toText } from "../trace-builder";
import { parseChatSpeaker, type ChatSpeaker } from "./parse-chat-speaker";
import { isMagenticHarness, isMagenticOneLog, magenticTaskGiver } from "./magentic-one";
import { markOrchestratorDelegations } from "./orchestrator-delegation";
import { isTaskGiverName, registerTaskGiver } from "./task-giver";
import { markObservation } from "./observation-marks";
import { markCarryOvers } from "./carry-over";
import { importerRuleOff, type ImporterRule } from "../importer-rules";
import { crashReportStep, splitCrashReport } from "./runner-crash-report";

/** AG2's code executor prefixes every result with this; it marks a tool result, whoever speaks it. */
const CODE_EXECUTION_RESULT = /^\s*exitcode:\s*-?\d+/i;
/**
 * Magentic-One's ComputerTerminal reports a run as "The script ran, then exited with Unix exit
 * code: 0\nIts output was: …" (or "…ran but produced no output…"); the exit code decides the status.
 */
const MAGENTIC_SCRIPT_RESULT = /^\s*The script ran\b/;
const MAGENTIC_EXIT_CODE = /exit(?:ed)? with (?:an error )?\(?(?:Unix|POSIX) exit code:?\s*(-?\d+)/i;

/**
 * Maps AG2 / AutoGen 0.2 group-chat messages (`{name?, role, content, tool_calls?, ...}`) to
 * steps, in order. The speaker is `name` when present (AG2 group chats, where `role` is only
 * user/assistant), else `role` (Magentic-One logs, where the role carries the agent and a
 * qualifier). `sourceRef` is the message index as a string; step ids are `s<index>`.
 */
export function mapAg2Messages(
  builder: TraceBuilder,
  logged: unknown[],
  path: string,
  ablate?: readonly ImporterRule[],
): void {
  const scriptResults = !importerRuleOff(ablate, "script-result");
  const speakers = logged.map((raw) => (isRecord(raw) ? parseChatSpeaker(speakerLabel(raw)) : undefined));
  const magentic = isMagenticOneLog(speakers.flatMap((s) => (s ? [s.agent] : [])));
  const taskGiver = magentic ? magenticTaskGiver(speakers.flatMap((s) => (s ? [s.agent] : []))) : undefined;
  // The runner's crash report printed into the last agent message is the runner's (runner-crash-report.ts).
  const { messages, report } = taskGiver ? splitCrashReport(logged) : { messages: logged };
  const callTools = toolCallNames(messages);
  const steps: (TStepInput | undefined)[] = messages.map((raw, index) => {
    const speaker = speakers[index];
    if (!isRecord(raw) || !speaker) return undefined;
    // In a Magentic-One log the runner's own entries (`MagenticOne`, `unknown`) are the task giver's.
    if (taskGiver && isMagenticHarness(speaker.agent)) speaker.agent = taskGiver;
    return mapAg2Message(raw, index, speaker, scriptResults, callTools);
  });
  // A later chat's opening message carries what earlier chats left: the harness's copy, not the sender's claims.
  markCarryOvers(
    steps,
    messages.map((raw) => (isRecord(raw) ? raw.chat : undefined)),
  );
  // Logs that do not say "-> X" themselves: the orchestrator hands each turn to the next speaker.
  if (magentic && !steps.some((s) => s?.kind === "delegate")) {
    markOrchestratorDelegations(
      steps,
      (agent) => /orchestrator/i.test(agent),
      (agent) => agent === taskGiver || isTaskGiverName(agent),
    );
  }
  if (taskGiver && report !== undefined) steps.push(crashReportStep(report, messages.length - 1, taskGiver));
  if (taskGiver && steps.some((s) => s?.agent === taskGiver)) registerTaskGiver(builder, taskGiver);
  steps.forEach((step, index) => {
    if (!step) return builder.warn(`${path}[${index}] is not an object; skipped`);
    builder.step(step);
    if (step.target) builder.agent(step.target);
  });
}

/** Tool name of every tool call id in the log (`tool_calls[].id` → `function.name`). */
function toolCallNames(messages: readonly unknown[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of messages) {
    if (!isRecord(m) || !Array.isArray(m.tool_calls)) continue;
    for (const call of m.tool_calls) {
      if (!isRecord(call) || typeof call.id !== "string") continue;
      const fn = isRecord(call.function) ? call.function : call;
      if (typeof fn.name === "string" && fn.name) names.set(call.id, fn.name);
    }
  }
  return names;
}

/** The id of the call a tool reply answers: its own `tool_call_id`, else its first `tool_responses` entry's. */
function answeredCallId(raw: Record<string, unknown>): string | undefined {
  if (typeof raw.tool_call_id === "string") return raw.tool_call_id;
  const first = Array.isArray(raw.tool_responses) ? raw.tool_responses[0] : undefined;
  return isRecord(first) && typeof first.tool_call_id === "string" ? first.tool_call_id : undefined;
}

/** True when the messages are a Magentic-One log (see `isMagenticOneLog`). */
export function isMagenticOneChat(messages: readonly unknown[]): boolean {
  return isMagenticOneLog(
    messages.flatMap((raw) => (isRecord(raw) ? [parseChatSpeaker(speakerLabel(raw)).agent] : [])),
  );
}

/** `name` when present (AG2 group chats), else `role` (Magentic-One logs carry the agent there). */
function speakerLabel(raw: Record<string, unknown>): string {
  const name = typeof raw.name === "string" && raw.name.trim() ? raw.name : undefined;
  return name ?? (typeof raw.role === "string" ? raw.role : "unknown");
}

function mapAg2Message(
  raw: Record<string, unknown>,
  index: number,
  speaker: ChatSpeaker,
  scriptResults: boolean,
  callTools: ReadonlyMap<string, string>,
): TStepInput {
  const name = typeof raw.name === "string" && raw.name.trim() ? raw.name : undefined;
  const role = typeof raw.role === "string" ? raw.role : undefined;
  const content = toText(raw.content);
  const kind: TStepKind = speaker.kind;
  const step: TStepInput = {
    id: `s${index}`,
    sourceRef: String(index),
    agent: speaker.agent,
    kind,
    name: name && role ? `${name} (${role})` : (role ?? name),
    content,
    target: speaker.target,
  };
  const attributes: Record<string, unknown> = {};
  if (role !== undefined) attributes.role = role;
  if (speaker.qualifier) attributes.qualifier = speaker.qualifier;
  if (kind === "message" && CODE_EXECUTION_RESULT.test(content)) {
    step.kind = "tool_result";
    step.tool = { name: "code_execution" };
    step.status = /^\s*exitcode:\s*0\b/i.test(content) ? "ok" : "error";
  } else if (kind === "message" && scriptResults && MAGENTIC_SCRIPT_RESULT.test(content)) {
    const code = MAGENTIC_EXIT_CODE.exec(content.slice(0, 400))?.[1];
    step.kind = "tool_result";
    step.tool = { name: "code_execution" };
    step.status = code === undefined || code === "0" ? "ok" : "error";
  }
  const toolCalls = Array.isArray(raw.tool_calls)
    ? raw.tool_calls
    : isRecord(raw.function_call)
      ? [{ function: raw.function_call }]
      : [];
  if (toolCalls.length > 0) {
    const first = isRecord(toolCalls[0]) ? toolCalls[0] : {};
    const fn = isRecord(first.function) ? first.function : first;
    step.kind = "tool_call";
    step.tool = { name: typeof fn.name === "string" && fn.name ? fn.name : "tool", arguments: fn.arguments };
    if (toolCalls.length > 1) attributes.tool_calls = toolCalls;
  } else if (role === "tool" || role === "function" || Array.isArray(raw.tool_responses)) {
    step.kind = "tool_result";
    // The tool it answers, named by the call it replies to.
    const callId = answeredCallId(raw);
    const tool = callId === undefined ? undefined : callTools.get(callId);
    if (tool) step.tool = { name: tool };
  }
  for (const [key, value] of Object.entries(raw)) {
    if (key === "name" || key === "role" || key === "content" || key === "tool_calls" || key === "function_call")
      continue;
    attributes[key] = value;
  }
  if (Object.keys(attributes).length) step.attributes = attributes;
  return markObservation(step);
}
