/**
 * A stock responder: a speaker whose every step is the same text while others do the work is a
 * program's canned reply, the harness, never the culprit. A repeated verdict is a judgement, and a
 * speaker that repeats itself while no one but the run's opener speaks is the one worker, stuck.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { analyzeTrace } from "../analyze-trace";
import { classifyParticipants, markParticipants } from "./participants";

type Line = [agent: string, content: string];

const STOCK =
  "Nothing in the last message for me to run. The chat manager should let the other participants continue, or have them reply TERMINATE to end.";

function trace(lines: Line[]) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Find why the nightly export exits with status 1 and fix it." },
    agents: [...new Set(lines.map(([a]) => a))].map((name) => ({ name })),
    steps: lines.map(([agent, content], i) => ({ id: `m${i}`, agent, kind: "message", content })),
  });
}

function kinds(lines: Line[]): Record<string, string> {
  const g = buildGraph(trace(lines), DEFAULT_CONFIG);
  markParticipants(g);
  const k = classifyParticipants(g);
  return Object.fromEntries(g.agentNames.map((n, a) => [n, k[a]]));
}

const RUN: Line[] = [
  ["lead", "The nightly export exits with status 1. Let us find the cause and fix it."],
  ["tester", "We need the failing code first. Could you paste the export script that exited with status 1?"],
  ["runner", STOCK],
  ["lead", "I do not have the script; the log only shows the exit status."],
  ["tester", "Then the likely cause is a missing output folder. Create it before the export writes there."],
  ["runner", STOCK],
  ["lead", "Agreed, the folder is the cause. TERMINATE"],
];

describe("stock responders", () => {
  it("takes a speaker that gives one canned reply while others work for the harness, never the culprit", () => {
    expect(kinds(RUN).runner).toBe("harness");
    const r = analyzeTrace(trace(RUN));
    expect(r.decisive?.agent ?? r.suspects?.[0]?.agent).not.toBe("runner");
  });

  it("keeps a speaker that repeats a verdict a verifier, and one that says something else once a candidate", () => {
    const verdicts = RUN.map(([a, c]): Line => (a === "runner" ? [a, "Approved: the fix is correct."] : [a, c]));
    expect(kinds(verdicts).runner).not.toBe("harness");
    const varied = RUN.map(
      ([a, c], i): Line => (i === 5 ? [a, "I ran the export again and it still exits with status 1."] : [a, c]),
    );
    expect(kinds(varied).runner).not.toBe("harness");
  });

  it("keeps the repeater a worker when only the run's opener speaks besides it", () => {
    const alone: Line[] = RUN.filter(([a]) => a !== "tester");
    expect(kinds(alone).runner).not.toBe("harness");
  });
});
