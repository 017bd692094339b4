import type { TStepInput } from "../../trace/schema";
import { HANDOFF_TO_ATTR, REQUESTED_TOOL_ATTR } from "../span-markers";

/** Handoff functions the frameworks generate: Agents SDK `transfer_to_<agent>`, Agent Framework `handoff_to_<agent>`. */
const HANDOFF_TOOL = /^(?:transfer|handoff)_to_(.+)$/i;
/** OpenInference's Agents SDK instrumentation names a handoff span `handoff to <agent>` (a TOOL span). */
const HANDOFF_SPAN = /^handoff to (.+)$/i;

/**
 * Turns handoffs into `target`s once every agent of the trace is known: a span a normalizer marked
 * with `culprit.handoff_to`, a call of a generated handoff tool, or a `handoff to <agent>` span. The tool names the agent in
 * snake case (`transfer_to_billing_agent` for "Billing Agent"), so names are compared with case and
 * punctuation removed; a handoff naming no agent of the trace is left alone (no guessed target).
 * Replaces steps in place in `steps`; returns how many handoffs were resolved.
 */
export function resolveHandoffs(
  steps: TStepInput[],
  agentNames: Iterable<string>,
  canonical: (step: TStepInput) => TStepInput,
): number {
  let byKey: Map<string, string> | undefined;
  let resolved = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const named = handoffName(step);
    if (named === undefined) continue;
    if (!byKey) {
      byKey = new Map();
      for (const name of agentNames) if (!byKey.has(key(name))) byKey.set(key(name), name);
    }
    const target = byKey.get(key(named));
    if (target === undefined || target === step.agent) continue;
    const kind = step.kind === "other" || step.kind === "agent" ? "delegate" : step.kind;
    steps[i] = canonical({ ...step, kind, target });
    resolved++;
  }
  return resolved;
}

function handoffName(step: TStepInput): string | undefined {
  const attrs = step.attributes;
  const explicit = attrs?.[HANDOFF_TO_ATTR];
  if (typeof explicit === "string" && explicit) return explicit;
  const tool = step.tool?.name ?? attrs?.[REQUESTED_TOOL_ATTR];
  const fromTool = typeof tool === "string" ? HANDOFF_TOOL.exec(tool)?.[1] : undefined;
  if (fromTool !== undefined) return fromTool;
  if ((step.kind === "tool_call" || step.kind === "other") && step.name) return HANDOFF_SPAN.exec(step.name)?.[1];
  return undefined;
}

function key(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
