/** Stages several topologies share: a rubber-stamp review, the writer's final answer, a delegation. */
import type { AgentCall } from "../genai-run";
import type { SpanRef } from "../otlp-json";
import { approvalText, finalText } from "../phrasing";
import type { Scenario } from "../scenario";

/**
 * A reviewer that approves whatever it is shown (a rubber stamp on failing runs): it writes its
 * approval and, when the total is wrong, is labelled as the check that missed it.
 */
export function rubberStamp(s: Scenario, name: string, call: AgentCall, input: string, total: number): string {
  const ok = approvalText(s.rng, s.fmt(total));
  s.run.chat(call, input, ok);
  s.run.finishAgent(call, ok);
  if (total !== s.truth) {
    s.approvedWrong(name);
    s.touch(name);
  }
  return ok;
}

/** The writer restates the total as the run's final answer (a victim when the total is wrong). */
export function writeAnswer(s: Scenario, name: string, input: string, parent: SpanRef, total: number): string {
  const writer = s.agent(name, input, parent, "writer");
  const final = finalText(s.rng, s.domain.metric, s.domain.unit, s.fmt(total), s.year);
  s.run.chat(writer, input, final);
  s.run.finishAgent(writer, final);
  if (total !== s.truth) s.touch(name);
  return final;
}

/** The step that hands `instruction` to a worker: a `delegate_task` tool span, or a chat turn of the boss. */
export function delegation(
  s: Scenario,
  boss: AgentCall,
  task: string,
  worker: string,
  instruction: string,
  viaTool: boolean,
): SpanRef {
  if (!viaTool) return s.run.chat(boss, task, instruction);
  return s.run.w.start(
    `execute_tool delegate_task`,
    {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "delegate_task",
      "gen_ai.tool.call.arguments": JSON.stringify({ agent: worker, task: instruction }),
    },
    boss.span,
  );
}
