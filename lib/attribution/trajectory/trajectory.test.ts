import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput, type TStepInput } from "../../trace/schema";
import { computeTrajectory } from "./index";

const NO_ATTRIBUTION = { blame: {}, importance: {} };

function trace(agents: string[], steps: TStepInput[], extra: Partial<TTraceInput> = {}) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "What was the 2023 revenue?" },
    agents: agents.map((name) => ({ name })),
    steps,
    ...extra,
  });
}

describe("trajectory: verification", () => {
  it("a reviewer who approves a number no source holds is a rubber stamp", () => {
    const t = trace(
      ["Researcher", "Analyst", "Reviewer"],
      [
        {
          id: "s1",
          agent: "Researcher",
          kind: "tool_call",
          tool: { name: "sql", arguments: { q: "sum" }, result: "2996" },
          content: "2996",
          status: "ok",
        },
        { id: "s2", agent: "Analyst", kind: "llm", content: "The total revenue is 2945 thousand." },
        { id: "s3", agent: "Reviewer", kind: "llm", content: "Approved. The analysis looks correct." },
      ],
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.verification.steps).toBe(1);
    expect(v.verification.rubberStamps).toBe(1);
    expect(v.verification.sourcedChecks).toBe(0);
    expect(v.verification.collapseRate).toBe(1);
    const flag = v.flags.find((f) => f.kind === "rubber-stamp");
    expect(flag?.agent).toBe("Reviewer");
    expect(flag?.stepIds).toEqual(["s3"]);
  });

  it("a reviewer who calls a tool or cites a tool's value has checked against a source", () => {
    const t = trace(
      ["Researcher", "Analyst", "Checker"],
      [
        {
          id: "s1",
          agent: "Researcher",
          kind: "tool_call",
          tool: { name: "sql", result: "2996" },
          content: "2996",
          status: "ok",
        },
        { id: "s2", agent: "Analyst", kind: "llm", content: "The total revenue is 2996 thousand." },
        { id: "s3", agent: "Checker", kind: "llm", content: "Approved: 2996 matches the query result." },
        { id: "s4", agent: "Analyst", kind: "llm", content: "Final: 2996." },
        {
          id: "s5",
          agent: "Checker",
          kind: "tool_call",
          tool: { name: "calc", result: "ok" },
          content: "ok",
          status: "ok",
        },
        { id: "s6", agent: "Checker", kind: "llm", content: "Looks good." },
      ],
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.verification.steps).toBe(2);
    expect(v.verification.sourcedChecks).toBe(2);
    expect(v.verification.rubberStamps).toBe(0);
    expect(v.flags.some((f) => f.kind === "rubber-stamp")).toBe(false);
  });

  it("an agent named Bob whose messages open with verdicts is a verifier by behaviour", () => {
    const t = trace(
      ["Writer", "Bob"],
      [
        { id: "a", agent: "Writer", kind: "llm", content: "Draft: revenue 2945." },
        { id: "b", agent: "Bob", kind: "llm", content: "Approved, ship it." },
      ],
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.verification.steps).toBe(1);
    expect(v.perAgent.find((a) => a.agent === "Bob")?.rubberStamps).toBe(1);
  });
});

describe("trajectory: tokens and cost", () => {
  it("total tokens are the sum over steps, without counting a container's total on top of its children", () => {
    const t = trace(
      ["A", "B"],
      [
        { id: "root", agent: "A", kind: "agent", content: "", tokens: { input: 30, output: 12, total: 42 } },
        { id: "c1", agent: "A", kind: "llm", parentId: "root", content: "x", tokens: { input: 20, output: 10 } },
        {
          id: "c2",
          agent: "A",
          kind: "llm",
          parentId: "root",
          content: "y",
          tokens: { input: 10, output: 2, total: 12 },
        },
        { id: "d", agent: "B", kind: "llm", content: "z", tokens: { total: 7 }, costUsd: 0.25 },
      ],
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.size.tokens.total).toBe(30 + 12 + 7);
    expect(v.size.tokens.input).toBe(30);
    expect(v.size.tokenBasis).toBe("tokens");
    expect(v.size.costUsd).toBe(0.25);
    expect(v.perAgent.map((a) => [a.agent, a.tokens])).toEqual([
      ["A", 42],
      ["B", 7],
    ]);
    expect(v.perAgent[0].tokenShare).toBeCloseTo(42 / 49, 5);
  });

  it("wall time spans the steps; the critical path follows edges and skips containers", () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const t = trace(
      ["A", "B", "C"],
      [
        { id: "w", agent: "A", kind: "agent", startTime: at(0), endTime: at(10) },
        { id: "a", agent: "A", kind: "llm", parentId: "w", startTime: at(0), endTime: at(2) },
        { id: "b", agent: "B", kind: "llm", startTime: at(2), endTime: at(5) },
        { id: "c", agent: "C", kind: "llm", startTime: at(2), endTime: at(3) },
        { id: "d", agent: "A", kind: "llm", startTime: at(5), endTime: at(6) },
      ],
      {
        edges: [
          { from: "a", to: "b", kind: "message" },
          { from: "a", to: "c", kind: "message" },
          { from: "b", to: "d", kind: "message" },
        ],
      },
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.size.wallTimeMs).toBe(10_000);
    expect(v.size.criticalPathMs).toBe(2_000 + 3_000 + 1_000);
  });
});

describe("trajectory: tools", () => {
  it("an error followed by a successful call of the same tool is recovered; one without is ignored", () => {
    const t = trace(
      ["Coder"],
      [
        {
          id: "e1",
          agent: "Coder",
          kind: "tool_call",
          tool: { name: "python", arguments: { code: "1/0" } },
          status: "error",
          content: "ZeroDivisionError",
        },
        {
          id: "ok",
          agent: "Coder",
          kind: "tool_call",
          tool: { name: "python", arguments: { code: "1/1" } },
          status: "ok",
          content: "1",
        },
        {
          id: "e2",
          agent: "Coder",
          kind: "tool_call",
          tool: { name: "http", arguments: { url: "x" } },
          status: "error",
          content: "timeout",
        },
        { id: "m", agent: "Coder", kind: "llm", content: "Done, all worked." },
      ],
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.tools).toEqual({ calls: 3, errors: 2, recovered: 1, ignored: 1, retries: 1 });
    expect(v.flags.find((f) => f.kind === "ignored-tool-errors")?.stepIds).toEqual(["e2"]);
  });

  it("a tool_result answering a tool_call is one call, judged by the result", () => {
    const t = trace(
      ["Coder"],
      [
        { id: "c1", agent: "Coder", kind: "tool_call", tool: { name: "python", arguments: { code: "x" } } },
        { id: "r1", agent: "Coder", kind: "tool_result", parentId: "c1", status: "error", content: "NameError" },
        { id: "c2", agent: "Coder", kind: "tool_call", tool: { name: "python", arguments: { code: "x = 1" } } },
        { id: "r2", agent: "Coder", kind: "tool_result", parentId: "c2", status: "error", content: "SyntaxError" },
      ],
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.tools).toEqual({ calls: 2, errors: 2, recovered: 0, ignored: 2, retries: 1 });
  });

  it("the same call with the same arguments (in any key order) is a repeated call", () => {
    const t = trace(
      ["A"],
      [
        { id: "1", agent: "A", kind: "tool_call", tool: { name: "search", arguments: { q: "x", n: 5 } }, status: "ok" },
        { id: "2", agent: "A", kind: "tool_call", tool: { name: "search", arguments: { n: 5, q: "x" } }, status: "ok" },
        { id: "3", agent: "A", kind: "tool_call", tool: { name: "search", arguments: { q: "x", n: 5 } }, status: "ok" },
        { id: "4", agent: "A", kind: "tool_call", tool: { name: "search", arguments: { q: "y", n: 5 } }, status: "ok" },
      ],
    );
    expect(computeTrajectory(t, NO_ATTRIBUTION).redundancy.repeatedToolCalls).toBe(2);
  });
});

describe("trajectory: redundancy and loops", () => {
  it("near-duplicate messages and their share of tokens", () => {
    const long = "The quarterly revenue for the northern region rose by twelve percent compared with last year";
    const t = trace(
      ["A", "B"],
      [
        { id: "1", agent: "A", kind: "llm", content: long, tokens: { total: 20 } },
        { id: "2", agent: "B", kind: "llm", content: `${long}.`, tokens: { total: 20 } },
        {
          id: "3",
          agent: "A",
          kind: "llm",
          content: "A completely different statement about staffing levels in March",
          tokens: { total: 10 },
        },
      ],
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.redundancy.nearDuplicateMessages).toBe(1);
    expect(v.redundancy.nearDuplicateTokenShare).toBe(0.4);
    expect(v.flags.find((f) => f.kind === "redundant-tokens")?.stepIds).toEqual(["2"]);
  });

  it("two agents going back and forth with nothing new is a loop; a productive exchange is not", () => {
    const loop = trace(
      ["A", "B"],
      [
        { id: "1", agent: "A", kind: "llm", content: "please check the file" },
        { id: "2", agent: "B", kind: "llm", content: "please check the file" },
        { id: "3", agent: "A", kind: "llm", content: "check the file please" },
        { id: "4", agent: "B", kind: "llm", content: "the file please check" },
        { id: "5", agent: "A", kind: "llm", content: "please the file check" },
      ],
    );
    const l = computeTrajectory(loop, NO_ATTRIBUTION);
    expect(l.redundancy.loops).toBe(1);
    expect(l.redundancy.loopSteps).toBe(5);
    const work = trace(
      ["A", "B"],
      [
        { id: "1", agent: "A", kind: "llm", content: "load the sales table" },
        { id: "2", agent: "B", kind: "llm", content: "loaded 120 rows from march" },
        { id: "3", agent: "A", kind: "llm", content: "now group by region" },
        { id: "4", agent: "B", kind: "llm", content: "north 40 south 80 totals" },
      ],
    );
    expect(computeTrajectory(work, NO_ATTRIBUTION).redundancy.loops).toBe(0);
  });
});

describe("trajectory: delegation and memory", () => {
  it("handoffs, fan-out and messages nobody used", () => {
    const t = trace(
      ["Boss", "W1", "W2"],
      [
        { id: "d1", agent: "Boss", kind: "delegate", target: "W1", content: "do part 1" },
        { id: "d2", agent: "Boss", kind: "delegate", target: "W2", content: "do part 2" },
        { id: "w1", agent: "W1", kind: "llm", content: "part 1 done" },
        { id: "w2", agent: "W2", kind: "llm", content: "part 2 done" },
        { id: "f", agent: "Boss", kind: "final", content: "all done" },
      ],
      {
        edges: [
          { from: "d1", to: "w1", kind: "delegation" },
          { from: "w1", to: "f", kind: "message" },
        ],
      },
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.delegation.handoffs).toBe(2);
    expect(v.delegation.maxFanOut).toBe(2);
    // d2 and w2 lead nowhere; f is the last utterance.
    expect(v.delegation.unreadMessages).toBe(2);
    expect(
      computeTrajectory(trace(["A"], [{ id: "x", agent: "A", kind: "llm", content: "hi" }]), NO_ATTRIBUTION).delegation
        .unreadMessages,
    ).toBeNull();
  });

  it("unread, overwritten and stale state, and keys written by several agents", () => {
    const t = trace(
      ["A", "B"],
      [
        { id: "w1", agent: "A", kind: "state_write", state: { op: "write", key: "total", value: "10" } },
        { id: "w2", agent: "B", kind: "state_write", state: { op: "write", key: "total", value: "12" } },
        { id: "r1", agent: "A", kind: "state_read", state: { op: "read", key: "total", value: "10" } },
        { id: "w3", agent: "A", kind: "state_write", state: { op: "write", key: "notes", value: "x" } },
      ],
    );
    const v = computeTrajectory(t, NO_ATTRIBUTION);
    expect(v.memory).toEqual({
      writes: 3,
      reads: 1,
      unreadWrites: 2,
      staleReads: 1,
      overwrittenWrites: 1,
      sharedKeys: 1,
    });
    expect(v.flags.find((f) => f.kind === "stale-read")?.stepIds).toEqual(["r1"]);
  });
});

describe("trajectory: per agent", () => {
  it("joins blame and importance and flags an agent that spends most tokens for little of the outcome", () => {
    const t = trace(
      ["Talker", "Doer"],
      [
        { id: "1", agent: "Talker", kind: "llm", content: "long musings", tokens: { total: 900 } },
        { id: "2", agent: "Doer", kind: "llm", content: "the answer", tokens: { total: 100 } },
      ],
    );
    const v = computeTrajectory(t, { blame: { Talker: 0.1, Doer: 0.9 }, importance: { Talker: 0.1, Doer: 0.9 } });
    const talker = v.perAgent.find((a) => a.agent === "Talker")!;
    expect(talker.tokenShare).toBe(0.9);
    expect(talker.blamePer1kTokens).toBeCloseTo(0.1 / 0.9, 5);
    expect(v.flags.find((f) => f.kind === "token-heavy-agent")?.agent).toBe("Talker");
    const balanced = computeTrajectory(t, {
      blame: { Talker: 0.9, Doer: 0.1 },
      importance: { Talker: 0.9, Doer: 0.1 },
    });
    expect(balanced.flags.some((f) => f.kind === "token-heavy-agent")).toBe(false);
  });

  it("is deterministic and uses word counts when the trace has no token counts", () => {
    const t = trace(
      ["A", "B"],
      [
        { id: "1", agent: "A", kind: "llm", content: "one two three four" },
        { id: "2", agent: "B", kind: "llm", content: "five six" },
      ],
    );
    const a = computeTrajectory(t, NO_ATTRIBUTION);
    expect(JSON.stringify(a)).toBe(JSON.stringify(computeTrajectory(t, NO_ATTRIBUTION)));
    expect(a.size.tokenBasis).toBe("words");
    expect(a.size.tokens.total).toBe(0);
    expect(a.perAgent[0]).toMatchObject({ agent: "A", tokens: 4, blamePer1kTokens: null });
  });
});
