import { describe, expect, it } from "vitest";
import { importValue } from "../index";
import { containerAgents } from "./span-containers";
import type { DecodedSpan } from "./decoded-span";

const span = (i: number, parent: number | undefined, attrs: Record<string, string>, name = `s${i}`) => ({
  traceId: "0af7651916cd43dd8448eb211c80319c",
  spanId: (i + 1).toString(16).padStart(16, "0"),
  parentSpanId: parent === undefined ? "" : (parent + 1).toString(16).padStart(16, "0"),
  name,
  startTimeUnixNano: String(1_700_000_000_000_000_000 + i * 1000),
  attributes: Object.entries(attrs).map(([key, v]) => ({ key, value: { stringValue: v } })),
});
const request = (spans: unknown[]) => ({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

describe("container spans", () => {
  it("a supervisor's own workflow span stays an agent (it carries gen_ai.agent.name)", () => {
    const { trace } = importValue(
      request([
        span(0, undefined, { "gen_ai.operation.name": "invoke_workflow", "gen_ai.agent.name": "supervisor" }),
        span(1, 0, { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "worker" }),
      ]),
    );
    expect(trace.agents.map((a) => a.name)).toEqual(["supervisor", "worker"]);
    expect(trace.steps.some((s) => s.attributes?.["culprit.container"])).toBe(false);
  });

  it("a wrapper with no named agent below it stays the run's agent, unmarked", () => {
    const { trace } = importValue(
      request([span(0, undefined, {}, "main"), span(1, 0, { "openinference.span.kind": "LLM" })]),
    );
    expect(trace.agents.map((a) => a.name)).toEqual(["main"]);
    expect(trace.steps.some((s) => s.attributes?.["culprit.container"])).toBe(false);
  });

  it("an invoke_workflow span without an agent attribute wraps its agents even when nested", () => {
    const { trace } = importValue(
      request([
        span(0, undefined, { "gen_ai.agent.name": "host" }),
        span(1, 0, { "gen_ai.operation.name": "invoke_workflow" }, "invoke_workflow crew"),
        span(2, 1, { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a" }),
        span(3, 1, { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "b" }),
      ]),
    );
    expect(trace.steps.map((s) => [s.agent, s.attributes?.["culprit.container"] ?? false])).toEqual([
      ["host", false],
      ["a", true],
      ["a", false],
      ["b", false],
    ]);
  });

  it("stays linear on a deeply nested chain of agent spans under a container (quadratic would take minutes)", () => {
    const n = 200_000;
    const spans = Array.from(
      { length: n },
      (_, i) => ({ name: i === 0 ? "root" : `s${i}`, attributes: {} }) as unknown as DecodedSpan,
    );
    const parent = new Int32Array(n).map((_, i) => i - 1);
    const explicit = Array.from({ length: n }, (_, i) => (i === 0 ? undefined : `agent${i % 7}`));
    const t0 = performance.now();
    const below = containerAgents(spans, parent, explicit);
    expect(below[0]).toBe("agent1");
    expect(below.filter((b) => b !== undefined)).toHaveLength(1);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
