import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { analyzeTrace } from "../../attribution/index";
import { importTrace } from "../index";

/** A Claude Agent SDK run as Langfuse downloads it (synthetic, see its SOURCE.md). */
const FIXTURE = path.resolve(
  import.meta.dirname,
  "../../../test/fixtures/synthetic/claude-agent-sdk/langfuse-conversation.json",
);
const isContainer = (attributes: Record<string, unknown> | undefined) => attributes?.["culprit.container"] === true;

describe("Claude Agent SDK traces from Langfuse", () => {
  const { format, trace } = importTrace(fs.readFileSync(FIXTURE, "utf8"), { fileName: "langfuse-conversation.json" });

  it("mark the conversation span as a container: structure, not an agent's turn", () => {
    expect(format).toBe("langfuse");
    const root = trace.steps.find((s) => s.name === "claude.conversation")!;
    expect(isContainer(root.attributes)).toBe(true);
    expect(root.kind).not.toBe("agent");
    expect(trace.steps.filter((s) => isContainer(s.attributes))).toEqual([root]);
    expect(trace.run.outcome).toBe("failure");
    // The session names no agent; the run is Claude's, not a span name's.
    expect(trace.agents.map((a) => a.name)).toEqual(["claude"]);
  });

  it("never make the container decisive: the engine names a turn or a tool span", () => {
    const report = analyzeTrace(trace);
    expect(report.decisive).not.toBeNull();
    const decisive = trace.steps.find((s) => s.id === report.decisive!.stepId)!;
    expect(isContainer(decisive.attributes)).toBe(false);
    expect(["llm", "tool_call", "tool_result"]).toContain(decisive.kind);
  });
});
