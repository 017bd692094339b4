/**
 * A lookup's question. The values a tool call writes in its free-text query argument ("query", "q",
 * "search_query", "keywords", …) are what the agent looks for, not what it asserts: a search for
 * "annual report 2023" says nothing about 2023. When the call's own result holds the value, the
 * world gave it back, and a later answer that states it rests on that result; the query is no
 * invented origin. A value the result does not hold stays the agent's, and so does every value
 * outside a query argument (a calculator's operands, an id to update). Years the task asks for are
 * compared with a lookup's query elsewhere (`dropped-constraint.ts`), which this does not change.
 * Bounded: arguments longer than MAX_ARGS characters are not parsed, keys are read two levels deep
 * (smolagents nests them under `kwargs`), and the result is read to MAX_RESULT characters.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { extractNumbers } from "../text-features";

const QUERY_KEY_RE = /^(?:q|query|queries|search|search_?query|search_?string|search_?terms?|keywords?)$/i;
const MAX_ARGS = 20_000;
const MAX_RESULT = 100_000;

/** The strings under query keys of a call's arguments (an object, or JSON text of one). */
function queryStrings(args: unknown): string[] {
  let value = args;
  if (typeof value === "string") {
    if (value.length > MAX_ARGS || !value.trimStart().startsWith("{")) return [];
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const out: string[] = [];
  const read = (o: unknown, depth: number) => {
    if (!o || typeof o !== "object" || Array.isArray(o)) return;
    for (const [key, x] of Object.entries(o)) {
      if (typeof x === "string" && QUERY_KEY_RE.test(key)) out.push(x.slice(0, MAX_ARGS));
      else if (depth < 1) read(x, depth + 1);
    }
  };
  read(value, 0);
  return out;
}

/** What call v came back with: its own recorded result, else the tool output right after it. */
function resultText(g: EngineGraph, v: number): string {
  const own = g.steps[v].tool?.result;
  if (own !== undefined) return own.slice(0, MAX_RESULT);
  return v + 1 < g.n && g.steps[v + 1].kind === "tool_result" ? stepText(g.steps[v + 1]).slice(0, MAX_RESULT) : "";
}

/**
 * The numbers (normalized, as `extractNumbers` gives them) that tool call v asks about in a query
 * argument and that its result holds. Empty for a step that is no tool call or has no query.
 */
export function answeredQueryNumbers(g: EngineGraph, v: number): Set<string> {
  const step = g.steps[v];
  if (step.kind !== "tool_call" || !step.tool) return new Set();
  const asked = queryStrings(step.tool.arguments).flatMap((q) => extractNumbers(q));
  if (!asked.length) return new Set();
  const returned = new Set(extractNumbers(resultText(g, v)));
  return new Set(asked.filter((x) => returned.has(x)));
}
