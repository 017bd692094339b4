/** A call's system prompt holds no operands (input-without-instructions.ts, grounding.ts). Toys of our own. */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";
import { detectUngroundedValues } from "./detectors/ungrounded-values";
import { inputWithoutInstructions } from "./input-without-instructions";

describe("what a call saw besides its instructions", () => {
  it("drops a leading system or developer message, whichever way the messages are joined", () => {
    expect(inputWithoutInstructions("system: Add 5 and 3.\n\nExample: 8\n\nuser: Count the crates.")).toBe(
      "user: Count the crates.",
    );
    expect(inputWithoutInstructions("developer: Be brief.\nassistant: Done.\ntool: 12 rows")).toBe(
      "assistant: Done.\ntool: 12 rows",
    );
    expect(inputWithoutInstructions("system: Only instructions, 5 and 3.")).toBe("");
  });

  it("keeps an input that opens with anything else, and a system message later on", () => {
    expect(inputWithoutInstructions("user: 5 crates\n\nsystem: note 3")).toBe("user: 5 crates\n\nsystem: note 3");
    expect(inputWithoutInstructions("The system: 5 crates")).toBe("The system: 5 crates");
    expect(inputWithoutInstructions(undefined)).toBeUndefined();
  });

  it("gives no operand of a derivation, while a value it states is still seen", () => {
    const notes = (input: string) => {
      const g = buildGraph(
        ZTrace.parse({
          schema: "culprit.trace/v1",
          run: { outcome: "failure", task: "How many crates did the depot ship?", finalAnswer: "48" },
          agents: [{ name: "planner" }],
          steps: [{ id: "s0", agent: "planner", kind: "llm", input, content: "The depot shipped 48 crates." }],
        }),
        DEFAULT_CONFIG,
      );
      return detectUngroundedValues({ g, config: DEFAULT_CONFIG, failed: true })
        .map((h) => h.evidence.note)
        .join();
    };
    const examples = "Example: a shelf of 6 rows and 8 columns holds 6 x 8 jars.";
    const task = "user: How many crates did the depot ship?";
    expect(notes(`system: ${examples}\n\n${task}`)).toMatch(/\b48\b/);
    // The same numbers in the conversation are numbers the agent was handed: 6 × 8 derives 48.
    expect(notes(`system: Answer briefly.\n\n${task}\n\ntool: ${examples}`)).not.toMatch(/\b48\b/);
    // A document the instructions carry is read: the value itself is there.
    expect(notes(`system: Context: the depot shipped 48 crates.\n\n${task}`)).not.toMatch(/\b48\b/);
  });
});
