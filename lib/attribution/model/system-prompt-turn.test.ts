/**
 * A chat transcript's system prompt is put on the task giver's side (so its policy is a source every
 * step could read), but the simulated user never said it: it is no turn of the user's, and the exposure
 * prior weighs the user's work without it. A toy of our own, imported as an OpenAI chat transcript.
 */
import { describe, expect, it } from "vitest";
import { importTraces } from "../../importers/index";
import { analyzeTrace } from "../index";

const POLICY =
  "You are a ferry desk agent. Policy: a booking can be changed up to a day before sailing; fares are " +
  "refunded to the original payment method; always confirm the details with the customer first.";

/** A customer who keeps conversing with the agent; no detector finds anything wrong. */
function transcript(system: boolean) {
  const messages = [
    ...(system ? [{ role: "system", content: POLICY }] : []),
    { role: "user", content: "Hello, I would like to move my ferry crossing to a later sailing please." },
    { role: "assistant", content: "Of course. Which crossing is it, and which sailing would you prefer instead?" },
    { role: "user", content: "It is the morning crossing to the island, and the evening one would suit me." },
    { role: "assistant", content: "Thank you, let me see what the evening sailing has free for your party." },
    { role: "user", content: "Thanks, there are two of us travelling together with one small car." },
  ];
  const [r] = importTraces(JSON.stringify({ messages }), { fileName: "desk.json" });
  return analyzeTrace({ ...r.trace, run: { ...r.trace.run, outcome: "failure" } });
}

describe("a chat transcript's system prompt", () => {
  it("is no turn of the simulated user's: the prior weighs the user's own turns", () => {
    const r = transcript(true);
    expect(r.decisionSource).toBe("prior");
    expect(r.decisive?.agent).toBe("assistant");
    expect(r.participants?.find((p) => p.agent === "user")?.kind).toBe("simulated-user");
  });
  it("near miss: without one, the same turns give the same verdict", () => {
    const r = transcript(false);
    expect(r.decisive?.agent).toBe("assistant");
  });
});
