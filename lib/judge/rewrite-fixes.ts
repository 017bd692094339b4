/**
 * The optional judge rewriting the template instructions of a report's fixes (docs/fixes.md): it
 * sees the fix type, the template and the agent's step, and may answer with a sharper instruction.
 * The fix type stays the engine's (patterns group by it); an answer that is not one or two plain
 * sentences, or any judge error, keeps the template. `author` says which wrote each instruction.
 */
import type { TTrace } from "../trace/schema";
import type { FixSuggestion } from "../attribution/types";
import { chatCompletion, firstJsonObject } from "./openai-chat";
import type { JudgeConfig } from "./judge-config";

const MAX_INSTRUCTION = 400;
const MAX_STEP_TEXT = 2000;

const SYSTEM =
  "You improve corrective instructions for agents of a multi-agent system. Given the agent's mistake and a template " +
  'instruction, answer with JSON {"instruction": "..."}: one or two sentences addressed to the agent ("you"), to be ' +
  "appended to its system prompt, that tell it what to check in its own work. Name no step numbers or values of this run.";

function usable(text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  const t = text.replace(/\s+/g, " ").trim();
  const sentences = t.split(/[.!?](?:\s|$)/).filter((x) => x.trim()).length;
  return t && t.length <= MAX_INSTRUCTION && sentences <= 2 && !/[<>]/.test(t) ? t : undefined;
}

export async function rewriteFixes(
  fixes: readonly FixSuggestion[],
  trace: TTrace,
  config: JudgeConfig,
  signal?: AbortSignal,
): Promise<FixSuggestion[]> {
  const out: FixSuggestion[] = [];
  for (const fix of fixes) {
    const step = trace.steps.find((s) => s.id === fix.stepIds[0]);
    const prompt = [
      `Agent: ${fix.agent}`,
      `Fix type: ${fix.fixType}`,
      `Template instruction: ${fix.instruction}`,
      `What the agent wrote: ${(step?.content ?? "").slice(0, MAX_STEP_TEXT)}`,
    ].join("\n");
    try {
      const answer = await chatCompletion(
        config,
        [
          { role: "system", content: SYSTEM },
          { role: "user", content: prompt },
        ],
        signal,
      );
      const instruction = usable(firstJsonObject(answer)?.instruction);
      out.push(instruction ? { ...fix, instruction, author: "judge" } : fix);
    } catch {
      out.push(fix); // the judge is optional: its failure leaves the template
    }
  }
  return out;
}
