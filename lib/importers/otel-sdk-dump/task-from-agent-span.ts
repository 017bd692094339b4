import type { TTraceInput } from "../../trace/schema";

/**
 * The run's task when its root span records none: what the first agent was asked. Exports of
 * instrumented harnesses (Patronus' `@traced` functions around a smolagents run: `main` →
 * `answer_single_question` → `CodeAgent.run`) root the trace in a span of the harness with no input;
 * the question is the input of the outermost agent span. Read for ClickHouse rows only: the other
 * span formats keep their run's task as before (see ADR 0111).
 */
export function taskFromFirstAgent(input: TTraceInput): void {
  if (input.run.task) return;
  const first = input.steps.find((step) => step.kind === "agent" && step.input);
  if (first?.input) input.run.task = first.input;
}
