import { TRACE_SCHEMA_VERSION, type TTraceInput } from "./schema";

/**
 * A minimal valid trace for tests, in the native format:
 *
 *   Alice(s1) --message--> Bob(s2)
 */
export function minimalTrace(overrides: Partial<TTraceInput["run"]> = {}): TTraceInput {
  return {
    schema: TRACE_SCHEMA_VERSION,
    run: { title: "minimal", system: "test", task: "say hi", outcome: "failure", ...overrides },
    agents: [{ name: "Alice" }, { name: "Bob" }],
    steps: [
      { id: "s1", agent: "Alice", kind: "message", content: "hi Bob", sourceRef: "0" },
      { id: "s2", agent: "Bob", kind: "final", content: "hi", parentId: "s1", tokens: { input: 10, output: 2 } },
    ],
    edges: [{ from: "s1", to: "s2", kind: "message", evidence: "reply", confidence: 0.9 }],
  };
}

/** A generated native trace with `steps` steps spread over `agents` agents (benchmarks, limits). */
export function generatedTrace(steps: number, agents: number, seedTitle = "generated"): TTraceInput {
  const agentNames = Array.from({ length: agents }, (_, i) => `agent_${i}`);
  const list: TTraceInput["steps"] = [];
  const edges: TTraceInput["edges"] = [];
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < steps; i++) {
    const agent = agentNames[(i * 7 + (i >> 3)) % agents];
    const failed = i % 97 === 13;
    list.push({
      id: `step-${i}`,
      sourceRef: i.toString(16).padStart(16, "0"),
      agent,
      kind: i % 5 === 0 ? "tool_call" : "message",
      name: i % 5 === 0 ? "search" : "turn",
      content: `Step ${i} by ${agent}: value ${(i * 2654435761) % 100000} noted\twith a tab and a \\ backslash`,
      ...(i % 5 === 0
        ? { tool: { name: "search", arguments: { q: `query ${i}` }, result: failed ? "HTTP 503" : `result ${i}` } }
        : {}),
      status: failed ? "error" : "ok",
      ...(failed ? { error: { type: "HTTPError", message: "503" } } : {}),
      tokens: { input: 100 + (i % 50), output: 20 + (i % 7) },
      startTime: new Date(t0 + i * 1000).toISOString(),
      endTime: new Date(t0 + i * 1000 + 800).toISOString(),
      ...(i > 0 && i % 10 !== 0 ? { parentId: `step-${i - (i % 10)}` } : {}),
    });
    if (i > 0)
      edges.push({
        from: `step-${i - 1}`,
        to: `step-${i}`,
        kind: i % 11 === 0 ? "delegation" : "message",
        evidence: "consecutive turn",
        confidence: 0.6,
      });
  }
  return {
    schema: TRACE_SCHEMA_VERSION,
    run: { title: seedTitle, system: "bench", task: "generated benchmark run", outcome: "failure" },
    agents: agentNames.map((name) => ({ name })),
    steps: list,
    edges,
  };
}
