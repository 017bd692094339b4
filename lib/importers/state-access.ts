import type { TStepInput } from "../trace/schema";
import { isRecord, toText } from "./trace-builder";
import { trimChars } from "../text/linear-text";

/** Tool names that are a memory/state store rather than an external action. */
const MEMORY_TOOL = /(memory|memories|remember|recall|scratchpad|blackboard|state|kv_?store|shared_?store)/i;
const READ_VERB = /(^|[_\-\s.])(get|read|search|recall|load|retrieve|query|fetch|list|lookup|find)/i;
const WRITE_VERB =
  /(^|[_\-\s.])(set|write|save|store|put|update|upsert|remember|add|append|delete|create|insert|record)/i;
/** Separators trimmed off a key left in a tool name (a loop: `/[_\-\s.]+$/` is quadratic on long runs). */
const SEPARATORS = "_-. \t\n\r";
const KEY_FIELDS = ["key", "namespace", "memory_key", "state_key", "name", "path", "id", "collection"];

/**
 * Recognizes a memory/state tool by name ("save_memory", "memory.search", "kv_store_get") and
 * returns the access it performs, with the key taken from the tool arguments when they name one.
 */
export function memoryToolAccess(toolName: string, args: unknown): TStepInput["state"] {
  if (!MEMORY_TOOL.test(toolName)) return undefined;
  const op = READ_VERB.test(toolName) ? "read" : WRITE_VERB.test(toolName) ? "write" : undefined;
  if (!op) return undefined;
  return {
    op,
    key: keyFromArgs(args) ?? (trimChars(withoutVerbs(toolName), SEPARATORS) || toolName),
  };
}

function withoutVerbs(toolName: string): string {
  return toolName.replace(READ_VERB, "").replace(WRITE_VERB, "");
}

function keyFromArgs(args: unknown): string | undefined {
  let a = args;
  if (typeof a === "string") {
    try {
      a = JSON.parse(a);
    } catch {
      return undefined;
    }
  }
  if (!isRecord(a)) return undefined;
  for (const f of KEY_FIELDS) {
    const v = a[f];
    if ((typeof v === "string" && v) || typeof v === "number") return toText(v).slice(0, 256);
  }
  return undefined;
}

/** Top-level keys of a JSON object text (LangGraph state updates), or [] when it is not one. */
export function jsonObjectKeys(text: string | undefined, maxLength = 1_000_000): string[] {
  if (!text || text.length > maxLength || text.charCodeAt(0) !== 123 /* { */) return [];
  try {
    const v = JSON.parse(text);
    return isRecord(v) ? Object.keys(v).filter((k) => k && k.length <= 256) : [];
  } catch {
    return [];
  }
}
