/**
 * Which agent made a call, without changing the system's code: an `x-culprit-agent` header when
 * the system sets one; else the request's `user` field or agent metadata (OpenAI Agents SDK /
 * LangGraph conventions); else the system prompt: each distinct one is an agent, named by the
 * user's `--agents` map or by a short name taken from its first line.
 */
import { createHash } from "node:crypto";
import { obj, str, type Json, type LlmApi } from "./llm-api";
import type { AgentSource, RecordingAgent } from "./recording-format";

export const AGENT_HEADER = "x-culprit-agent";
const METADATA_KEYS = ["agent_name", "agent", "langgraph_node", "lc_agent_name", "agent_id"];
const MAX_NAME = 128;

export interface AgentKey {
  key: string;
  source: AgentSource;
  /** The name this key suggests (header/user/metadata value, or the system prompt). */
  value?: string;
  systemPrompt?: string;
}

export function agentKeyOf(header: string | undefined, body: Json, api: LlmApi): AgentKey {
  const clean = (v: string | undefined) => (v && v.trim() ? v.trim().slice(0, MAX_NAME) : undefined);
  const fromHeader = clean(header);
  if (fromHeader) return { key: `header:${fromHeader}`, source: "header", value: fromHeader };
  const user = clean(str(body.user));
  if (user) return { key: `user:${user}`, source: "user", value: user };
  const metadata = obj(body.metadata);
  for (const k of METADATA_KEYS) {
    const v = clean(str(metadata[k]));
    if (v && !v.startsWith("__")) return { key: `metadata:${v}`, source: "metadata", value: v };
  }
  const prompt = api.systemPrompt(body);
  if (prompt && prompt.trim())
    return { key: `system:${promptHash(prompt).slice(0, 16)}`, source: "system-prompt", systemPrompt: prompt };
  return { key: "default", source: "default" };
}

export function promptHash(prompt: string): string {
  return createHash("sha256").update(prompt).digest("hex");
}

const CONNECTORS = new Set([
  "of",
  "for",
  "that",
  "who",
  "which",
  "in",
  "on",
  "at",
  "with",
  "to",
  "and",
  "or",
  "from",
  "by",
  "whose",
  "responsible",
]);

/** "You are the Planner. Break the task…" → "planner". Up to three words of the first clause. */
export function shortPromptName(prompt: string): string {
  const first = prompt.trim().split(/\r?\n/)[0] ?? "";
  const clause = first
    .replace(/^\s*(you are|you're|act as|role\s*:|system\s*:)\s*/i, "")
    .replace(/^(a|an|the)\s+/i, "")
    .split(/[.,:;!?()[\]—–]/)[0];
  const words = clause.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  // "planner of a team", "assistant that writes": the role ends where a connector starts.
  const end = words.findIndex((w, i) => i > 0 && CONNECTORS.has(w));
  return (end > 0 ? words.slice(0, end) : words).slice(0, 3).join("_").slice(0, 48) || "agent";
}

/** "Your role is the critic", "Role: critic", "Your name is Ada" anywhere in the prompt → "critic". */
export function statedRoleName(prompt: string): string | undefined {
  const m =
    /\b(?:your\s+role\s+is|your\s+name\s+is|role\s*:|name\s*:)\s*(?:the\s+|a\s+|an\s+)?([\p{L}\p{N}_-]+)/iu.exec(
      prompt,
    );
  return m ? m[1].toLowerCase().slice(0, 48) : undefined;
}

/** `--agents` file: `{ "<system prompt prefix or sha256 hex prefix>": "name" }`. */
export type AgentMap = Record<string, string>;

export function parseAgentMap(text: string): AgentMap {
  const v = JSON.parse(text) as unknown;
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw new Error("the agents map must be a JSON object {prefix or hash: name}");
  const out: AgentMap = {};
  for (const [k, name] of Object.entries(v)) {
    if (typeof name !== "string" || !name.trim()) throw new Error(`the agents map gives "${k}" no name`);
    out[k] = name.trim().slice(0, MAX_NAME);
  }
  return out;
}

/** Gives each identity key a stable, unique agent name, in order of first appearance. */
export class AgentNamer {
  private readonly byKey = new Map<string, RecordingAgent>();
  private readonly taken = new Set<string>();

  /** `known`: agents of a recording being replayed, so a replay names agents as the recording did. */
  constructor(
    private readonly map: AgentMap = {},
    known: readonly RecordingAgent[] = [],
  ) {
    for (const a of known) {
      this.byKey.set(a.key, a);
      this.taken.add(a.name);
    }
  }

  nameOf(k: AgentKey): string {
    const seen = this.byKey.get(k.key);
    if (seen) return seen.name;
    let base: string;
    if (k.value) base = k.value;
    else if (k.systemPrompt) base = this.mapped(k.systemPrompt) ?? shortPromptName(k.systemPrompt);
    else base = "agent";
    let name = base;
    // Two prompts with the same opening ("You are an agent in a team. Your role: critic.") may
    // still state their role further on.
    if (this.taken.has(name) && k.systemPrompt && !this.mapped(k.systemPrompt)) {
      const stated = statedRoleName(k.systemPrompt);
      if (stated && !this.taken.has(stated)) name = stated;
    }
    // Explicit names (header, user, metadata, map) are the user's: two keys giving one name are one agent.
    if (this.taken.has(name) && !(k.value || (k.systemPrompt && this.mapped(k.systemPrompt))))
      for (let i = 2; this.taken.has(name); i++) name = `${base}_${i}`;
    const agent: RecordingAgent = {
      name,
      key: k.key,
      source: k.source,
      ...(k.systemPrompt ? { promptFirstLine: k.systemPrompt.trim().split(/\r?\n/)[0].slice(0, 200) } : {}),
    };
    this.byKey.set(k.key, agent);
    this.taken.add(name);
    return name;
  }

  agents(): RecordingAgent[] {
    return [...this.byKey.values()];
  }

  private mapped(prompt: string): string | undefined {
    const hash = promptHash(prompt);
    let best: [number, string] | undefined;
    for (const [key, name] of Object.entries(this.map)) {
      const isHash = /^[0-9a-f]{6,64}$/.test(key) && hash.startsWith(key);
      if (isHash) return name;
      if (prompt.startsWith(key) && (!best || key.length > best[0])) best = [key.length, name];
    }
    return best?.[1];
  }
}
