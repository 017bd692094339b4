import type { TStepInput } from "../../trace/schema";
import { TraceBuilder, isRecord, toText } from "../trace-builder";
import { isTaskGiverName, registerTaskGiver } from "./task-giver";
import { transferTarget } from "./transfer-tool";
import { markObservation } from "./observation-marks";

/**
 * Maps AutoGen core LLM messages (`autogen_core.models`): `SystemMessage`, `UserMessage {source}`,
 * `AssistantMessage {source, content: str | FunctionCall[], thought?}` and
 * `FunctionExecutionResultMessage {content: FunctionExecutionResult[]}`. A function result has no
 * source of its own: it belongs to the agent whose call it answers (matched by `call_id`, else the
 * last assistant). A `transfer_to_X` call is a tool call whose target is X. The system prompt
 * describes its owner when the owner is known; otherwise it is a step of the task giver, who sets
 * up the run. Step ids are `m<index>` (`m<index>.<k>` for the k-th call of one message).
 */
export function mapCoreMessages(builder: TraceBuilder, messages: readonly unknown[], owner?: string): void {
  const sources = [
    ...new Set(
      messages
        .filter(isRecord)
        .map((m) => m.source)
        .filter((s): s is string => typeof s === "string" && !isTaskGiverName(s)),
    ),
  ];
  if (owner && !sources.includes(owner)) sources.push(owner);
  const callOwner = new Map<string, { agent: string; tool: string }>();
  let lastAssistant = owner;
  messages.forEach((raw, i) => {
    if (!isRecord(raw)) return builder.warn(`messages[${i}] is not an object; skipped`);
    const type = typeof raw.type === "string" ? raw.type : "UserMessage";
    const base = { sourceRef: String(i), name: type };
    switch (type) {
      case "SystemMessage": {
        if (owner) builder.agent(owner, { description: toText(raw.content) });
        else {
          const giver = registerTaskGiver(builder, "user");
          builder.step({
            ...base,
            id: `m${i}`,
            agent: giver,
            kind: "message",
            content: toText(raw.content),
            attributes: { role: "system" },
          });
        }
        return;
      }
      case "AssistantMessage": {
        const agent = (typeof raw.source === "string" && raw.source) || owner || "assistant";
        lastAssistant = agent;
        const thought = typeof raw.thought === "string" && raw.thought ? raw.thought : undefined;
        if (!Array.isArray(raw.content)) {
          builder.step(
            markObservation({
              ...base,
              id: `m${i}`,
              agent,
              kind: "message",
              content: toText(raw.content),
              attributes: thought ? { thought } : undefined,
            }),
          );
          return;
        }
        const calls = raw.content.filter(isRecord);
        calls.forEach((call, k) => {
          const name = toText(call.name) || "tool";
          if (typeof call.id === "string") callOwner.set(call.id, { agent, tool: name });
          const step: TStepInput = {
            ...base,
            id: k === 0 ? `m${i}` : `m${i}.${k + 1}`,
            agent,
            kind: "tool_call",
            content: k === 0 && thought ? thought : "",
            tool: { name, arguments: call.arguments },
          };
          const target = transferTarget(name, sources);
          if (target) step.target = target;
          if (typeof call.id === "string") step.attributes = { call_id: call.id };
          builder.step(step);
          if (target) isTaskGiverName(target) ? registerTaskGiver(builder, target) : builder.agent(target);
        });
        return;
      }
      case "FunctionExecutionResultMessage": {
        const results = Array.isArray(raw.content) ? raw.content.filter(isRecord) : [];
        results.forEach((result, k) => {
          const callId = typeof result.call_id === "string" ? result.call_id : undefined;
          const caller = callId ? callOwner.get(callId) : undefined;
          const agent = caller?.agent ?? lastAssistant ?? "assistant";
          const text = toText(result.content);
          const failed = result.is_error === true;
          const step: TStepInput = {
            ...base,
            id: k === 0 ? `m${i}` : `m${i}.${k + 1}`,
            agent,
            kind: "tool_result",
            content: text,
            tool: { name: toText(result.name) || caller?.tool || "tool", result: text },
            status: failed ? "error" : "ok",
            attributes: callId ? { call_id: callId } : undefined,
          };
          if (failed) step.error = { message: text.slice(0, 2000) || "tool call failed" };
          builder.step(step);
        });
        return;
      }
      default: {
        // UserMessage: the task giver's words, or another agent's message relayed into this history.
        const speaker = (typeof raw.source === "string" && raw.source) || "user";
        if (isTaskGiverName(speaker)) registerTaskGiver(builder, speaker);
        builder.step(
          markObservation({ ...base, id: `m${i}`, agent: speaker, kind: "message", content: toText(raw.content) }),
        );
      }
    }
  });
}
