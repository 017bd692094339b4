import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { TraceBuilder, isRecord } from "../trace-builder";
import { isMagenticOneChat, mapAg2Messages } from "./map-ag2-messages";
import { MAGENTIC_ONE_SYSTEM } from "./magentic-one";
import type { ImporterRule } from "../importer-rules";
import { printedChatMeta } from "./printed/printed-chat";
import { recordVerdict } from "./record-verdict";

const LIST_KEYS = ["history", "messages", "chat_history"] as const;

/**
 * The task of a log that gives none: `initiate_chat` opens the chat with the initiator's request, a
 * user-role first message. What it states (numbers, data) is given to the team, not claimed by its
 * speaker, as the Who&When importer reads a record without a question (`givenTask`).
 */
function openingRequest(messages: unknown[]): string | undefined {
  const first = messages[0];
  return isRecord(first) && first.role === "user" && typeof first.content === "string" && first.content.trim()
    ? first.content
    : undefined;
}

/**
 * Maps an AG2 / AutoGen 0.2 group chat log: `{history|messages|chat_history: [{name, role,
 * content}]}` or the bare array. Other top-level fields go to `run.attributes`. The outcome is
 * unknown unless the record carries an evaluation's verdict (`is_correct`, record-verdict.ts): a chat
 * log does not say whether the answer was right.
 */
export function importAg2(value: unknown, ablate?: readonly ImporterRule[]): TTraceInput {
  let messages: unknown[] | undefined;
  let listKey = "(root)";
  const attributes: Record<string, unknown> = {};
  if (Array.isArray(value)) messages = value;
  else if (isRecord(value)) {
    for (const key of LIST_KEYS) {
      if (Array.isArray(value[key])) {
        messages = value[key] as unknown[];
        listKey = key;
        break;
      }
    }
    for (const [k, v] of Object.entries(value)) if (k !== listKey) attributes[k] = v;
  }
  if (!messages) {
    throw new TraceInputError(
      "schema",
      "Not an AG2 chat log: expected history[], messages[] or chat_history[] of {name, role, content}",
      {
        issues: [{ path: "messages", message: "missing message list" }],
      },
    );
  }
  // A forced --format ag2 must still refuse lists that hold no chat message at all.
  if (
    !messages.some(
      (m) =>
        isRecord(m) &&
        (typeof m.name === "string" || typeof m.role === "string") &&
        ("content" in m || "tool_calls" in m),
    )
  ) {
    throw new TraceInputError("schema", `Not an AG2 chat log: ${listKey} has no {name or role, content} message`, {
      issues: [
        { path: listKey, message: messages.length ? "no message with name/role and content" : "empty message list" },
      ],
    });
  }
  const builder = new TraceBuilder();
  // A printed chat (chat/printed/): what it says besides its messages, and what could not be read.
  const printed = printedChatMeta(value);
  if (printed) {
    for (const warning of printed.warnings) builder.warn(warning);
    Object.assign(attributes, printed.attributes);
  }
  mapAg2Messages(builder, messages, listKey, ablate);
  const task = isRecord(value) && typeof value.task === "string" ? value.task : undefined;
  const { outcome, groundTruth } = recordVerdict(value);
  return builder.build({
    task: task ?? printed?.task ?? openingRequest(messages),
    // Magentic-One logs share this layout; the runs list must not call them AG2.
    system: isMagenticOneChat(messages) ? MAGENTIC_ONE_SYSTEM : "ag2",
    outcome,
    ...(groundTruth !== undefined ? { groundTruth } : {}),
    sourceFormat: "ag2",
    attributes: Object.keys(attributes).length ? attributes : undefined,
  });
}
