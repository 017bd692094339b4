import { isRecord } from "../trace-builder";

/**
 * AgentChat event logs that wrap each message or event instead of dumping it bare:
 * `{task, events: [{type: "TextMessage", module: "autogen_agentchat.messages", model_dump: {...}}]}`
 * (what AutoGen's console / `run_stream` logging writes: the class name, its module, and the
 * pydantic `model_dump()`), or the bare list of such wrappers. The last event of a `run_stream` is
 * usually the `TaskResult`, whose messages repeat the stream.
 */
export function isWrappedAgentChatEvent(
  value: unknown,
): value is Record<string, unknown> & { model_dump: Record<string, unknown> } {
  return (
    isRecord(value) &&
    isRecord(value.model_dump) &&
    (typeof value.type === "string" || typeof value.model_dump.type === "string")
  );
}

/**
 * True when a list holds wrapped AgentChat events (one with a `source` is enough). Not a type guard,
 * so detection keeps its narrowing of the value after a miss.
 */
export function hasWrappedAgentChatEvents(list: unknown): boolean {
  return Array.isArray(list) && list.some((e) => isWrappedAgentChatEvent(e) && typeof e.model_dump.source === "string");
}

export interface UnwrappedEvents {
  /** The dumps as AgentChat messages (`type` from the dump, else the wrapper's class name). */
  messages: unknown[];
  /** The closing `TaskResult`'s stop reason, when the stream ended with one. */
  stopReason?: string;
}

/**
 * Unwraps each event to the message it carries; a `TaskResult` is dropped (its messages repeat the
 * stream) but its `stop_reason` kept. The wrapper's `module` says where the class lives, not what
 * was said: it stays an attribute of the step. Anything else passes through unchanged, so the
 * message mapper reports it as it would in a bare dump.
 */
export function unwrapAgentChatEvents(events: readonly unknown[]): UnwrappedEvents {
  const messages: unknown[] = [];
  let stopReason: string | undefined;
  for (const event of events) {
    if (!isWrappedAgentChatEvent(event)) {
      messages.push(event);
      continue;
    }
    const dump = event.model_dump;
    const type = typeof dump.type === "string" ? dump.type : (event.type as string);
    if (type === "TaskResult") {
      if (typeof dump.stop_reason === "string") stopReason = dump.stop_reason;
      continue;
    }
    messages.push({ ...dump, type, ...(typeof event.module === "string" ? { module: event.module } : {}) });
  }
  return { messages, stopReason };
}
