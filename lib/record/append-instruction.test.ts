import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { anthropicMessages } from "./api-anthropic-messages";
import { openAiChat } from "./api-openai-chat";
import { openAiResponses } from "./api-openai-responses";
import { appendInstruction } from "./append-instruction";
import { ReplayPlan } from "./replay-plan";
import { interventionKey } from "../replay/intervention-key";
import type { Recording } from "./recording-format";

const FIX = "Check your work.";

describe("the instruction appended to an agent's system prompt", () => {
  it("chat completions: after the system message, or as a new first one", () => {
    const body = {
      messages: [
        { role: "system", content: "You are the solver." },
        { role: "user", content: "2+2" },
      ],
    };
    expect(openAiChat.systemPrompt(appendInstruction(openAiChat, body, FIX))).toBe(`You are the solver.\n\n${FIX}`);
    expect(body.messages[0].content).toBe("You are the solver."); // the child's request is not changed
    const none = appendInstruction(openAiChat, { messages: [{ role: "user", content: "hi" }] }, FIX);
    expect(none.messages).toEqual([
      { role: "system", content: FIX },
      { role: "user", content: "hi" },
    ]);
  });

  it("responses and anthropic messages", () => {
    expect(
      openAiResponses.systemPrompt(
        appendInstruction(openAiResponses, { instructions: "Be a critic.", input: "x" }, FIX),
      ),
    ).toBe(`Be a critic.\n\n${FIX}`);
    expect(appendInstruction(openAiResponses, { input: "x" }, FIX).instructions).toBe(FIX);
    expect(
      anthropicMessages.systemPrompt(appendInstruction(anthropicMessages, { system: "You plan.", messages: [] }, FIX)),
    ).toBe(`You plan.\n\n${FIX}`);
    expect(appendInstruction(anthropicMessages, { system: [{ type: "text", text: "You plan." }] }, FIX).system).toEqual(
      [
        { type: "text", text: "You plan." },
        { type: "text", text: FIX },
      ],
    );
  });

  it("an instruct intervention sends the agent upstream with its instruction; others come from the recording", () => {
    const call = (index: number, agent: string) => ({
      index,
      agent,
      agentCallIndex: 0,
      shape: `s${index}`,
      spanId: `span${index}`,
    });
    const recording = { calls: [call(0, "a"), call(1, "b")] } as unknown as Recording;
    const plan = new ReplayPlan(recording, [{ agent: "a", mode: "instruct", instruction: FIX }]);
    expect(plan.decide(0, "a", 0, "s0")).toMatchObject({ kind: "upstream", reason: "resample", instruction: FIX });
    expect(plan.decide(1, "b", 0, "s1").kind).toBe("recording");
  });

  it("keys an instruct intervention by its instruction, and others as before", () => {
    const a = interventionKey([{ agent: "a", mode: "instruct", instruction: "x" }]);
    expect(a).not.toBe(interventionKey([{ agent: "a", mode: "instruct", instruction: "y" }]));
    // The key of an intervention without an instruction is what it was before instruct existed (cached replays stay valid).
    const before = createHash("sha256")
      .update(`[${JSON.stringify(["a", null, null, "resample", null])}]`)
      .digest("hex");
    expect(interventionKey([{ agent: "a", mode: "resample" }])).toBe(before);
  });
});
