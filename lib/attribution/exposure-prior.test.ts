/**
 * The exposure prior names the agent with the most substantive work when no evidence pins the
 * failure on one agent. Writing code counts double: the artifact is what the others run and rely on.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";
import { exposurePrior } from "./exposure-prior";

/** A client poses the task first, so neither agent opens the run (an opener that keeps talking to one agent is a user). */
function prior(lines: [string, string][]): string {
  const all: [string, string][] = [["Client", "Implement median(xs)."], ...lines];
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Implement median(xs)." },
    agents: [...new Set(all.map(([a]) => a))].map((name) =>
      name === "Client" ? { name, kind: "task_giver" } : { name },
    ),
    steps: all.map(([agent, content], i) => ({ id: `m${i}`, agent, kind: "message", content })),
  });
  const g = buildGraph(trace, DEFAULT_CONFIG);
  const v = exposurePrior(g, new Float64Array(g.n), DEFAULT_CONFIG.faultThreshold);
  return g.agentNames[g.agentOf[v]];
}

const lead = (s: string): [string, string] => ["Lead", s];
const dev = (s: string): [string, string] => ["Dev", s];

describe("exposure prior", () => {
  it("names the agent with the most substantive messages", () => {
    expect(
      prior([lead("Plan: split the work."), lead("Dev, please implement it."), dev("Done."), lead("Closing.")]),
    ).toBe("Lead");
  });

  it("weighs a step that writes code as two messages", () => {
    const code = "Here it is:\n```python\ndef median(xs):\n    return xs[0]\n```";
    expect(prior([lead("Plan: split the work."), lead("Dev, please implement it."), dev(code), lead("Closing.")])).toBe(
      "Lead",
    );
    expect(prior([lead("Plan: split the work."), dev(code), lead("Dev, thanks."), dev("It is saved.")])).toBe("Dev");
  });

  it("weighs a coordinator's step half: the agent it directs is named unless it did twice the work", () => {
    const crew =
      (who: string) =>
      (s: string): [string, string] => [who, s];
    const [ana, bob] = [crew("Ana"), crew("Bob")];
    // Lead addresses the workers by name in every message: an orchestrator by behaviour.
    const directs = (n: number) =>
      Array.from({ length: n }, (_, i) => lead(`${i % 2 ? "Ana" : "Bob"}, take part ${i + 1} of the median work.`));
    const work: [string, string][] = [
      ana("Sorted the list first."),
      bob("Picked the middle element."),
      ana("Checked even lengths."),
    ];
    expect(prior([...directs(3), ...work])).toBe("Ana");
    expect(prior([...directs(9), ...work])).toBe("Lead");
  });
});
