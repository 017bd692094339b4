/**
 * GenAI-convention spans on top of the OTLP writer: agent invocations (`invoke_agent`, named by
 * `gen_ai.agent.name`), model calls (`chat`, with input/output messages and token usage), tool
 * calls (`execute_tool`, arguments and result, errors as span status plus an `exception` event),
 * memory access (memory tools, or `update_memory`/`search_memory` spans with `gen_ai.memory.key`)
 * and the run's outcome, set on the root span the way exporters do: status, or an evaluation event.
 */
import { OtlpTraceWriter, SPAN_KIND_CLIENT, type Attrs, type SpanRef } from "./otlp-json";
import type { Rng } from "./prng";
import { PROVIDERS } from "./vocabulary";

export interface AgentCall {
  agent: string;
  span: SpanRef;
}

const messages = (role: string, text: string) => JSON.stringify([{ role, parts: [{ type: "text", content: text }] }]);
const tokens = (text: string) => Math.max(1, Math.round(text.split(/\s+/).length * 1.3));

export type OutcomeStyle = "status" | "evaluation";
export type MemoryStyle = "tool" | "memory-span";

export class GenAiRun {
  readonly w: OtlpTraceWriter;

  constructor(
    private readonly rng: Rng,
    service: string,
    private readonly model: string,
    startMs: number,
  ) {
    this.w = new OtlpTraceWriter(
      rng,
      { "service.name": service, "telemetry.sdk.language": "python", "telemetry.sdk.name": "opentelemetry" },
      { name: "opentelemetry.instrumentation.genai", version: "0.4b0" },
      startMs,
    );
  }

  /** A root span that is not an agent (a workflow or graph run). */
  workflow(name: string, task: string): SpanRef {
    return this.w.start(`invoke_workflow ${name}`, {
      "gen_ai.operation.name": "invoke_workflow",
      "gen_ai.input.messages": messages("user", task),
    });
  }

  agent(agent: string, input: string, parent?: SpanRef, description?: string): AgentCall {
    const span = this.w.start(
      `invoke_agent ${agent}`,
      {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": agent,
        "gen_ai.agent.description": description,
        "gen_ai.input.messages": messages("user", input),
      },
      parent,
    );
    return { agent, span };
  }

  /** Ends an agent span; its output is its last message to the others. */
  finishAgent(call: AgentCall, output: string): void {
    this.w.set(call.span, "gen_ai.output.messages", messages("assistant", output));
    this.w.end(call.span);
  }

  chat(call: AgentCall, prompt: string, output: string): SpanRef {
    const span = this.w.start(
      `chat ${this.model}`,
      {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": PROVIDERS[this.model] ?? "openai",
        "gen_ai.request.model": this.model,
        "gen_ai.response.model": this.model,
        "gen_ai.input.messages": messages("user", prompt),
        "gen_ai.output.messages": messages("assistant", output),
        "gen_ai.usage.input_tokens": tokens(prompt),
        "gen_ai.usage.output_tokens": tokens(output),
      },
      call.span,
      SPAN_KIND_CLIENT,
    );
    this.w.end(span);
    return span;
  }

  tool(
    call: AgentCall,
    name: string,
    args: Record<string, unknown>,
    result: string | { error: { type: string; message: string } },
  ): SpanRef {
    const span = this.w.start(
      `execute_tool ${name}`,
      {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": name,
        "gen_ai.tool.type": "function",
        "gen_ai.tool.call.id": `call_${this.rng.hex(6)}`,
        "gen_ai.tool.call.arguments": JSON.stringify(args),
      },
      call.span,
    );
    if (typeof result === "string") {
      this.w.set(span, "gen_ai.tool.call.result", result);
      this.w.end(span, { code: 1 });
    } else {
      this.w.set(span, "error.type", result.error.type);
      this.w.event(span, "exception", {
        "exception.type": result.error.type,
        "exception.message": result.error.message,
      });
      this.w.end(span, { code: 2, message: result.error.message });
    }
    return span;
  }

  memoryWrite(call: AgentCall, style: MemoryStyle, toolName: string, key: string, value: string): SpanRef {
    if (style === "tool") return this.tool(call, toolName, { key, value }, "ok");
    const span = this.w.start(
      `update_memory ${key}`,
      {
        "gen_ai.operation.name": "update_memory",
        "gen_ai.memory.key": key,
        "input.value": value,
        "output.value": value,
      },
      call.span,
    );
    this.w.end(span, { code: 1 });
    return span;
  }

  memoryRead(call: AgentCall, style: MemoryStyle, toolName: string, key: string, value: string): SpanRef {
    if (style === "tool") return this.tool(call, toolName, { key }, value);
    const span = this.w.start(
      `search_memory ${key}`,
      { "gen_ai.operation.name": "search_memory", "gen_ai.memory.key": key, "input.value": key, "output.value": value },
      call.span,
    );
    this.w.end(span, { code: 1 });
    return span;
  }

  /** Ends the root span with the final answer and the run's outcome. */
  finishRoot(root: SpanRef, finalAnswer: string, failed: boolean, style: OutcomeStyle): void {
    this.w.set(root, "gen_ai.output.messages", messages("assistant", finalAnswer));
    if (style === "evaluation") {
      this.w.event(root, "gen_ai.evaluation.result", {
        "gen_ai.evaluation.name": "answer_match",
        "gen_ai.evaluation.score.label": failed ? "fail" : "pass",
        "gen_ai.evaluation.score.value": failed ? 0 : 1,
      });
      this.w.end(root);
    } else this.w.end(root, failed ? { code: 2, message: "final answer failed the acceptance check" } : { code: 1 });
  }

  toJson(): Record<string, unknown> {
    return this.w.toJson();
  }
}

export type { Attrs };
