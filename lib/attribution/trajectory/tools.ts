/**
 * Tool use: calls, errors, and what happened after each error.
 *
 * A tool step is a step with a `tool` field or of kind tool_call/tool_result (a tool_result that
 * answers a tool_call is the same call, counted once by its call). An error is a tool step with status
 * "error". It is *recovered* when the same agent later calls the same tool again and that call succeeds,
 * a *retry* is any later call of the same tool by the same agent after an error, and an error is
 * *ignored* when it is not recovered.
 */
import type { TTrace, TStep } from "../../trace/schema";
import type { TrajectoryReport } from "./types";

export interface ToolFacts {
  report: TrajectoryReport["tools"];
  errorStepIds: string[];
  ignoredStepIds: string[];
  repeatedCalls: number;
  repeatedStepIds: string[];
}

export function isToolStep(s: TStep): boolean {
  return s.tool !== undefined || s.kind === "tool_call" || s.kind === "tool_result";
}

function toolName(s: TStep): string {
  return s.tool?.name ?? s.name ?? "tool";
}

/** Stable text of a call's arguments (key order does not matter); bounded in size. */
export function argumentsKey(args: unknown): string {
  const seen = new WeakSet<object>();
  const norm = (v: unknown, depth: number): unknown => {
    if (depth > 20 || v === null || typeof v !== "object") return v;
    if (seen.has(v)) return "[cycle]";
    seen.add(v);
    if (Array.isArray(v)) return v.map((x) => norm(x, depth + 1));
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, norm(o[k], depth + 1)]),
    );
  };
  const text = JSON.stringify(norm(args, 0)) ?? "";
  return text.length > 2000 ? text.slice(0, 2000) : text;
}

export function toolFacts(trace: TTrace): ToolFacts {
  const steps = trace.steps;
  const callSteps = new Map<string, TStep>();
  for (const s of steps) if (s.kind === "tool_call") callSteps.set(s.id, s);
  // Calls whose outcome arrives as a separate tool_result step: their own status says nothing yet.
  const answered = new Set<string>();
  for (const s of steps)
    if (s.kind === "tool_result" && s.parentId !== undefined && callSteps.has(s.parentId)) answered.add(s.parentId);
  let calls = 0;
  let errors = 0;
  let retries = 0;
  let recovered = 0;
  const errorStepIds: string[] = [];
  const ignoredStepIds: string[] = [];
  const repeatedStepIds: string[] = [];
  // Open errors per (agent, tool): waiting for a later successful call of the same tool.
  const open = new Map<string, number[]>();
  const seenCalls = new Set<string>();
  let repeatedCalls = 0;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    if (!isToolStep(s)) continue;
    // A result that answers a call already counted is not a second call.
    const call = s.kind === "tool_result" && s.parentId !== undefined ? callSteps.get(s.parentId) : undefined;
    const answersCall = call !== undefined;
    const key = `${s.agent}\u0000${toolName(call ?? s)}`;
    if (!answersCall) {
      calls++;
      if (open.has(key)) retries++;
      if (s.tool?.arguments !== undefined) {
        const callKey = `${toolName(s)}\u0000${argumentsKey(s.tool.arguments)}`;
        if (seenCalls.has(callKey) && !open.has(key)) {
          repeatedCalls++;
          repeatedStepIds.push(s.id);
        }
        seenCalls.add(callKey);
      }
    }
    if (s.status === "error") {
      errors++;
      errorStepIds.push(s.id);
      const list = open.get(key) ?? [];
      list.push(i);
      open.set(key, list);
    } else if (s.status === "ok" || (s.status === "unset" && !answered.has(s.id))) {
      const list = open.get(key);
      if (list) {
        recovered += list.length;
        open.delete(key);
      }
    }
  }
  const ignored = [...open.values()].flat().sort((a, b) => a - b);
  for (const i of ignored) ignoredStepIds.push(steps[i].id);
  return {
    report: { calls, errors, recovered, ignored: errors - recovered, retries },
    errorStepIds,
    ignoredStepIds,
    repeatedCalls,
    repeatedStepIds,
  };
}
