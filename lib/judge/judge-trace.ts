/**
 * The optional LLM judge, hybrid protocol (§9.8, Who&When's best step-level setting): one
 * all-at-once call names the culprit agent over the whole (clipped) trace, then step-by-step calls
 * walk that agent's steps with distance-banded context until one is judged decisive. The result is
 * detector-shaped evidence for `analyzeTrace(trace, { extraEvidence })`.
 */
import type { TTrace } from "../trace/schema";
import type { ExtraEvidence } from "../attribution/types";
import type { JudgeConfig } from "./judge-config";
import { chatCompletion, firstJsonObject, type ChatMessage } from "./openai-chat";
import { clip, contextBands, stepLine } from "./context-bands";

export interface JudgeVerdict {
  agent: string | null;
  stepId: string | null;
  reason: string;
  /** Step-by-step verdicts, in the order asked. */
  steps: { stepId: string; p: number; reason: string }[];
  calls: number;
  evidence: ExtraEvidence[];
}

const SYSTEM =
  "You are a careful debugger of failed multi-agent LLM runs. Find the decisive error: the earliest mistake which, if fixed, would have made the run succeed. The last agent to touch an error is often only a victim. Answer with one JSON object only.";
const ALL_AT_ONCE_CHARS = 300;
const MAX_ALL_AT_ONCE_STEPS = 400;

export async function judgeTrace(trace: TTrace, config: JudgeConfig, signal?: AbortSignal): Promise<JudgeVerdict> {
  let calls = 0;
  const ask = async (user: string) => {
    calls++;
    const messages: ChatMessage[] = [
      { role: "system", content: SYSTEM },
      { role: "user", content: user },
    ];
    return firstJsonObject(await chatCompletion(config, messages, signal));
  };
  const agents = trace.agents.map((a) => a.name);
  const header = [
    `Task: ${clip(trace.run.task ?? trace.run.title ?? "(not stated)", 2000)}`,
    `Outcome: ${trace.run.outcome}`,
    trace.run.groundTruth ? `Expected answer: ${clip(trace.run.groundTruth, 500)}` : "",
    `Agents: ${agents.join(", ")}`,
  ]
    .filter(Boolean)
    .join("\n");
  const shown = trace.steps.slice(0, MAX_ALL_AT_ONCE_STEPS).map((s, i) => stepLine(s, i, ALL_AT_ONCE_CHARS));
  const overview = await ask(
    `${header}\n\nSteps:\n${shown.join("\n")}${trace.steps.length > MAX_ALL_AT_ONCE_STEPS ? `\n… ${trace.steps.length - MAX_ALL_AT_ONCE_STEPS} more steps` : ""}\n\nWhich agent made the decisive error? Reply {"agent": "<one of the agents>", "step": <step index or null>, "reason": "<one sentence>"}.`,
  );
  const agent = typeof overview?.agent === "string" && agents.includes(overview.agent) ? overview.agent : null;
  const verdict: JudgeVerdict = {
    agent,
    stepId: null,
    reason: typeof overview?.reason === "string" ? clip(overview.reason, 500) : "",
    steps: [],
    calls,
    evidence: [],
  };
  if (!agent) {
    verdict.reason = verdict.reason || "the judge named no agent of this run";
    verdict.calls = calls;
    return verdict;
  }
  const candidates = trace.steps.map((s, i) => [s, i] as const).filter(([s]) => s.agent === agent);
  for (const [step, i] of candidates.slice(0, config.maxStepCalls)) {
    const answer = await ask(
      `${header}\n\nContext (>>> marks the step to judge; far steps are shortened):\n${contextBands(trace.steps, i)}\n\nIs step [${i}] by ${agent} the decisive error? Reply {"decisive": true|false, "p": <probability 0..1>, "reason": "<one sentence>"}.`,
    );
    const p = clamp01(Number(answer?.p ?? (answer?.decisive === true ? 1 : 0)));
    const reason = typeof answer?.reason === "string" ? clip(answer.reason, 500) : "";
    verdict.steps.push({ stepId: step.id, p, reason });
    if (answer?.decisive === true || p >= 0.5) {
      verdict.stepId = step.id;
      break;
    }
  }
  verdict.calls = calls;
  verdict.evidence = verdict.steps
    .filter((s) => s.p > 0)
    .map((s) => ({
      stepId: s.stepId,
      name: "llm-judge",
      score: s.p,
      weight: config.weight,
      note: `LLM judge (${config.model}): ${s.reason || "judged faulty"}`,
    }));
  return verdict;
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}
