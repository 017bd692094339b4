import { isRecord } from "../trace-builder";
import { PY_CLASS } from "../python-repr/parse-python-repr";

/** AutoGen core (autogen_core.models) LLM message types, as `type` in their `model_dump()`. */
const CORE_TYPES = new Set(["SystemMessage", "UserMessage", "AssistantMessage", "FunctionExecutionResultMessage"]);

export function isCoreMessage(value: unknown): boolean {
  return isRecord(value) && typeof value.type === "string" && CORE_TYPES.has(value.type) && "content" in value;
}

/**
 * AgentChat (0.4+) message or event: `{source, type, content}`. AgentChat 0.4.0's reprs print no
 * `type` field (`TextMessage(source='user', models_usage=None, content='…')`): there the class name
 * is the type, one that names a message or an event.
 */
export function isAgentChatMessage(value: unknown): boolean {
  if (!isRecord(value) || typeof value.source !== "string" || !("content" in value)) return false;
  const type = typeof value.type === "string" ? value.type : reprMessageClass(value);
  return type !== undefined && !CORE_TYPES.has(type);
}

/** The class name of a message or event repr (`TextMessage`, `ToolCallRequestEvent`), else undefined. */
function reprMessageClass(value: Record<string, unknown>): string | undefined {
  const name = value[PY_CLASS];
  return typeof name === "string" && /^[A-Z]\w{0,63}(?:Message|Event)$/.test(name) ? name : undefined;
}

export type FoundMessages =
  | { kind: "agentchat"; messages: unknown[]; path: string }
  | { kind: "core"; messages: unknown[]; path: string; owner?: string };

/** Nesting this deep is more than any saved state has (team → container → agent → context). */
const MAX_DEPTH = 6;

/**
 * Where the messages of an AutoGen file are:
 * - a list, or `{messages: [...]}` (TaskResult), of AgentChat messages or of core messages;
 * - a saved team state: the group chat manager's `message_thread` (the whole conversation) wins;
 *   without one, the agents' own LLM histories (`llm_messages` / `llm_context.messages`) are used,
 *   from the one agent that has them (several agents' private histories repeat each other, so
 *   only the longest is taken);
 * - a single agent's state (`AssistantAgentState`): its LLM history, owned by that agent.
 */
export function findAutogenMessages(value: unknown): FoundMessages | undefined {
  if (Array.isArray(value)) return classify(value, "(root)");
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value.messages)) {
    const found = classify(value.messages, "messages");
    if (found) return found;
  }
  let thread: FoundMessages | undefined;
  let core: FoundMessages | undefined;
  const visit = (node: unknown, path: string, owner: string | undefined, depth: number): void => {
    if (!isRecord(node) || depth > MAX_DEPTH) return;
    if (
      Array.isArray(node.message_thread) &&
      node.message_thread.length > 0 &&
      (!thread || node.message_thread.length > thread.messages.length)
    ) {
      thread = { kind: "agentchat", messages: node.message_thread, path: `${path}.message_thread` };
    }
    const llm = Array.isArray(node.llm_messages)
      ? node.llm_messages
      : isRecord(node.llm_context) && Array.isArray(node.llm_context.messages)
        ? node.llm_context.messages
        : undefined;
    if (llm && llm.length > 0 && (!core || llm.length > core.messages.length)) {
      core = {
        kind: "core",
        messages: llm,
        path: `${path}.${Array.isArray(node.llm_messages) ? "llm_messages" : "llm_context.messages"}`,
        owner,
      };
    }
    if (isRecord(node.agent_states)) {
      for (const [key, child] of Object.entries(node.agent_states))
        visit(child, `${path}.agent_states.${key}`, agentNameFromKey(key), depth + 1);
    }
    if (isRecord(node.agent_state)) visit(node.agent_state, `${path}.agent_state`, owner, depth + 1);
    if (isRecord(node.inner_team_state)) visit(node.inner_team_state, `${path}.inner_team_state`, owner, depth + 1);
  };
  visit(value, "(root)", undefined, 0);
  return thread ?? core;
}

/** Team state keys are `<agent name>` or `<agent name>/<team id>`. */
function agentNameFromKey(key: string): string {
  const slash = key.indexOf("/");
  return slash > 0 ? key.slice(0, slash) : key;
}

function classify(list: unknown[], path: string): FoundMessages | undefined {
  if (list.some(isAgentChatMessage)) return { kind: "agentchat", messages: list, path };
  if (list.some(isCoreMessage)) return { kind: "core", messages: list, path };
  return undefined;
}

/** True for anything `findAutogenMessages` can read that is a saved state (not a message list). */
export function isAutogenState(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (isRecord(value.agent_states)) return true;
  return (
    typeof value.type === "string" &&
    value.type.endsWith("State") &&
    (Array.isArray(value.llm_messages) ||
      isRecord(value.llm_context) ||
      Array.isArray(value.message_thread) ||
      isRecord(value.agent_state))
  );
}
