import type { DecodedSpan } from "./decoded-span";

/** How smolagents opens the task a manager hands one of its managed agents (`managed_agent` prompt). */
const MANAGED_TASK_OPENING = "agent named '";
/** The phrase opens the task; a name is short. Reading further would only cost time on long inputs. */
const MAX_OPENING_AT = 2_000;
const MAX_NAME = 128;

/**
 * The agent a smolagents run span is. OpenInference's smolagents instrumentation names each run
 * span after the agent's class (`CodeAgent.run`, `ToolCallingAgent.run`) and records no agent
 * name: a managed agent's name is only in the task its manager hands it ("You're a helpful agent
 * named 'search_agent'. You have been submitted this task by your manager."), and the top-level
 * agent has none. So a managed agent is that name and any other run span its class: a manager and
 * the agents it calls stay apart instead of all taking the service's name. Only spans carrying
 * smolagents' own run attributes (`smolagents.max_steps`, …) are read.
 */
export function smolagentsAgentName(span: DecodedSpan): string | undefined {
  const a = span.attributes;
  if (a["smolagents.max_steps"] === undefined && a["smolagents.tools_names"] === undefined) return undefined;
  if (!span.name.endsWith(".run")) return undefined;
  return managedName(a["input.value"]) ?? (span.name.slice(0, -".run".length) || undefined);
}

function managedName(input: unknown): string | undefined {
  if (typeof input !== "string") return undefined;
  const at = input.indexOf(MANAGED_TASK_OPENING);
  if (at < 0 || at > MAX_OPENING_AT) return undefined;
  const start = at + MANAGED_TASK_OPENING.length;
  const end = input.indexOf("'", start);
  const name = end > start && end - start <= MAX_NAME ? input.slice(start, end).trim() : "";
  return name && !name.includes("\n") ? name : undefined;
}

/** How smolagents' instrumentation records a step span's input: the memory step, as a Python repr. */
const MEMORY_STEP_RE = /^\s*\{\s*"memory_step"\s*:\s*"(?:Action|Planning)Step\(/;

/**
 * Whether a span is one step of a smolagents run ("Step 2"): its output is what the step observed
 * (the code interpreter's execution logs, a managed agent's report, a truncation notice), not what
 * the agent said; the agent's words are in the LLM span before it. Read by the instrumentation's own
 * record of the step (`{"memory_step": "ActionStep(…"}`), not by the span's name alone.
 */
export function isSmolagentsStep(span: DecodedSpan): boolean {
  const input = span.attributes["input.value"];
  return /^Step \d+$/.test(span.name) && typeof input === "string" && MEMORY_STEP_RE.test(input.slice(0, 80));
}
