/**
 * The corrective instruction per fix type: one or two sentences addressed to the agent, meant to
 * be appended to its system prompt, so they name what stays true in the next run (the tool, the
 * agents it hears from, the constraint, the kind of computation) and never this run's wrong value
 * or step numbers. Every instruction asks the agent to check its work, and says against what.
 */
import type { FixEvidence } from "./fix-evidence";
import type { FixType } from "./fix-types";
import { nameList } from "../name-list";

const OPERATION = /\b(sum|total|product|average|mean|difference|count|percentage|ratio)\b/i;

const TEMPLATES: Record<FixType, (e: FixEvidence, op: string) => string> = {
  "ground-values-in-tool-output": (e) =>
    `State a figure only when a tool output or a message you received gives it${e.toolName ? ` (such as ${e.toolName})` : ""}; ` +
    "check your work against that source before you reply, and when a lookup fails, say so instead of estimating.",
  "recompute-arithmetic-and-code-results": (_e, op) =>
    `Recompute every ${op} you report from the numbers you were given, one operation at a time, ` +
    "and check your work against those numbers before you reply; correct the result when the two differ.",
  "check-before-approving": (e) =>
    `Before you approve${e.upstreamAgents.length ? ` what ${nameList(e.upstreamAgents)} reported` : " any result"}, check your work: ` +
    "recompute the result from the inputs it was built from, and reject it, naming the mismatch, when your check does not agree.",
  "check-before-rejecting": (e) =>
    `Before you reject${e.upstreamAgents.length ? ` the work of ${nameList(e.upstreamAgents)}` : " any result"}, check your work: go through it step by step, ` +
    "and reject only when your check finds a specific mistake, naming that mistake.",
  "follow-the-delegated-instruction": (e) =>
    e.delegates
      ? "Hand on the task as it was given to you, with every requirement and nothing added; check your work against the task before you delegate."
      : `Do what ${e.upstreamAgents.length ? nameList(e.upstreamAgents) : "the agent that delegated to you"} asked, all of it and nothing else; ` +
        "check your work against each part of that request before you send it.",
  "handle-tool-errors": (e) =>
    `When ${e.toolName ? `the ${e.toolName} tool` : "a tool"} fails or returns nothing, say so, then retry with corrected arguments or report the failure; ` +
    "check your work so that no step goes on as if the call had succeeded.",
  "keep-the-task-constraints": (e) =>
    `Keep every constraint of the task${e.taskYears.length ? ` (such as the year ${nameList(e.taskYears)})` : ""} in each step you take; ` +
    "check your work against each constraint before you reply and revise it when one is not met.",
  "stop-or-hand-off-correctly": (e) =>
    e.findings.some((f) => f.name === "repetition-loop")
      ? "When a step repeats without progress, stop repeating it: check your work for what is still missing, then try something else or hand off what you have."
      : e.findings.some((f) => f.name === "premature-stop")
        ? "Write the team's stop keyword only as your decision to stop, on a line of its own, once you have checked that every part of the work is in; never write it in a plan, a quote or an explanation, because any mention of it stops the team."
        : "Do not stop, or declare the task done, before you check your work and the result is complete; hand off only a finished result, or say plainly what is missing.",
  "check-own-output": () =>
    "Check your work before you reply: derive your answer again from the inputs you were given and correct it when the two do not match.",
};

export function instructionFor(type: FixType, e: FixEvidence, stepText = ""): string {
  const op = (OPERATION.exec(stepText)?.[1] ?? "result").toLowerCase();
  return TEMPLATES[type](e, op);
}
