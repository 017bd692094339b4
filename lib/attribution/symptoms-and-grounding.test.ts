/**
 * General mechanisms behind the demo verdicts, on minimal traces: grounding by causal ancestors and
 * arithmetic, symptoms repaired with their origin, environmental tool failures, string contradictions
 * in state writes, and the exposure prior.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { buildGrounding } from "./grounding";
import { ZTrace, type TTraceInput } from "../trace/schema";

const make = (steps: TTraceInput["steps"], edges: TTraceInput["edges"] = [], run: Partial<TTraceInput["run"]> = {}) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", ...run },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });
const e = (from: string, to: string, kind: "message" | "state" | "aggregation" | "delegation" = "message") => ({
  from,
  to,
  kind,
});
const detectors = (r: ReturnType<typeof analyzeTrace>, id: string) =>
  r.steps.find((s) => s.stepId === id)!.detectors.map((d) => d.name);

describe("grounding", () => {
  const t = make(
    [
      { id: "a", agent: "A", kind: "message", content: "The price is 4821." },
      { id: "b", agent: "B", kind: "message", content: "Independently: 4821 and 1000." },
      { id: "c", agent: "C", kind: "message", content: "Sum 5821, copied 4821." },
    ],
    [e("b", "c")],
  );
  const g = buildGrounding(buildGraph(t, resolveConfig()));
  it("counts a value as seen only when a causal ancestor stated it", () => {
    expect(g.seenBefore(1, "4821")).toBe(false);
    expect(g.seenBefore(2, "4821")).toBe(true);
  });
  it("accepts one arithmetic step from the inputs at hand", () => {
    expect(g.derivable(2, "5821", [])).toBe(true);
    expect(g.derivable(2, "7777", [])).toBe(false);
  });
  it("reads no millisecond meter of the run's own work as a made-up value, unless the task asks in them", () => {
    const said = (task: string) =>
      analyzeTrace(
        make(
          [
            { id: "u", agent: "user", kind: "message", content: task },
            { id: "c", agent: "A", kind: "tool_call", tool: { name: "yard_db", arguments: { site: "Ridge" } } },
            { id: "t", agent: "db", kind: "tool_result", content: "Ridge site: 4,821 crates." },
            { id: "m", agent: "A", kind: "message", content: "Ridge site: 4,821 crates.\n(query took 412 ms)" },
            { id: "f", agent: "B", kind: "final", content: "4,821 crates." },
          ],
          [e("u", "c"), e("c", "t"), e("t", "m"), e("m", "f")],
          { task },
        ),
      );
    expect(detectors(said("Count the crates at Ridge site."), "m")).not.toContain("ungrounded-value");
    // Near miss: a task about timings makes a millisecond figure a claim to check.
    expect(detectors(said("How long does the crate query at Ridge site take, in ms?"), "m")).toContain(
      "ungrounded-value",
    );
  });
  it("takes no millisecond meter for the answer's value when the answer is in another unit", () => {
    // 347.1 + 71.9 = 419.0 kg: the made-up 71.9 is the origin, not the "419 ms" a query took before it.
    const loads = "Give me the total load of Ridge site and Vale site.";
    const answer = (unit: string, task = loads) =>
      analyzeTrace(
        make(
          [
            { id: "u", agent: "user", kind: "message", content: task },
            { id: "c", agent: "A", kind: "tool_call", tool: { name: "yard_db", arguments: { site: "Ridge" } } },
            { id: "t", agent: "db", kind: "tool_result", content: "Ridge site: load 347.1 kg" },
            { id: "m", agent: "A", kind: "message", content: "Ridge site: 347.1 kg.\n(query took 419 ms)" },
            { id: "v", agent: "B", kind: "message", content: "Vale site: 71.9 kg." },
            { id: "s", agent: "C", kind: "message", content: `Total: 419.0 ${unit} (347.1 + 71.9).` },
            { id: "f", agent: "C", kind: "final", content: `419.0 ${unit}` },
          ],
          [e("u", "c"), e("c", "t"), e("t", "m"), e("m", "v"), e("v", "s"), e("m", "s"), e("s", "f")],
          { task, finalAnswer: `419.0 ${unit}` },
        ),
      );
    expect(answer("kg").decisive?.stepId).toBe("v");
    // Near miss: an answer in milliseconds can be the meter's own figure.
    expect(answer("ms").decisive?.stepId).toBe("m");
    // So can one when the task asks for timings in milliseconds.
    expect(answer("kg", `${loads} Say how long each query took, in ms.`).decisive?.stepId).toBe("m");
  });
});

describe("symptoms and origins", () => {
  it("a wrong value downstream of a false success claim is repaired with its origin", () => {
    const r = analyzeTrace(
      make(
        [
          {
            id: "t",
            agent: "R",
            kind: "tool_call",
            tool: { name: "api", result: "Traceback (most recent call last): ValueError: bad id" },
            status: "error",
          },
          { id: "r", agent: "R", kind: "message", content: "Successfully fetched: revenue 7310." },
          { id: "x", agent: "X", kind: "message", content: "Margin is 2291 on the revenue, cost 8803." },
          { id: "y", agent: "X", kind: "message", content: "Summary drafted for the board." },
          { id: "f", agent: "X", kind: "final", content: "Margin 2291." },
        ],
        [e("t", "r"), e("r", "x"), e("x", "y"), e("y", "f")],
      ),
    );
    expect(detectors(r, "x")).toContain("ungrounded-value");
    expect(r.steps.find((s) => s.stepId === "x")!.counterfactual.note).toMatch(/symptom/);
    expect(r.agents.find((a) => a.agent === "X")!.role).toBe("propagator");
    expect(r.decisive?.agent).toBe("R");
  });

  it("a transient service failure is environmental; the claim that hides it is the fault", () => {
    const r = analyzeTrace(
      make(
        [
          {
            id: "t",
            agent: "R",
            kind: "tool_call",
            tool: { name: "api", result: "HTTP 503 Service Unavailable" },
            status: "error",
          },
          { id: "r", agent: "R", kind: "message", content: "Successfully retrieved the figure: 7310." },
          { id: "f", agent: "W", kind: "final", content: "Figure: 7310." },
        ],
        [e("t", "r"), e("r", "f")],
      ),
    );
    expect(r.steps.find((s) => s.stepId === "t")!.fault).toBeLessThan(0.5);
    expect(r.decisive?.stepId).toBe("r");
  });

  it("a state write contradicting its tool result is flagged", () => {
    const r = analyzeTrace(
      make(
        [
          { id: "t", agent: "C", kind: "tool_call", tool: { name: "crm", result: '{"plan": "basic"}' } },
          {
            id: "w",
            agent: "C",
            kind: "state_write",
            content: "plan = premium",
            state: { op: "write", key: "customer.plan", value: "premium" },
          },
          { id: "f", agent: "P", kind: "final", content: "Premium price applies." },
        ],
        [e("t", "w"), e("w", "f", "state")],
      ),
    );
    expect(detectors(r, "w")).toContain("contradiction");
    expect(r.decisive?.stepId).toBe("w");
  });
});

describe("exposure prior", () => {
  it("without evidence, names the agent that did the most substantive work", () => {
    const r = analyzeTrace(
      make([
        { id: "s0", agent: "lead", kind: "message", content: "Please look into the archive question." },
        { id: "s1", agent: "worker", kind: "message", content: "Looking through the archive shelves now." },
        { id: "s2", agent: "worker", kind: "message", content: "Reading the index cards of the archive." },
        { id: "s3", agent: "worker", kind: "final", content: "The archive answer is the blue folder." },
      ]),
    );
    expect(r.decisive?.agent).toBe("worker");
    expect(r.decisive?.stepId).toBe("s1");
    expect(r.decisive?.evidence.note).toMatch(/exposure prior/);
    // Engine 0.8 states a fitted confidence; a prior is capped below evidenced verdicts (PRIOR_CAP).
    expect(r.decisive!.confidence).toBeLessThanOrEqual(0.5);
  });
});

describe("unmet instruction", () => {
  it("blames the reply to an instruction the coordinator had to repeat", () => {
    const ask = "Open the county archive website and find the founding year of the old mill";
    const r = analyzeTrace(
      make([
        { id: "d0", agent: "lead", kind: "delegate", target: "surfer", content: ask },
        { id: "w0", agent: "surfer", kind: "message", content: "I clicked a banner about garden furniture sales." },
        { id: "d1", agent: "lead", kind: "delegate", target: "surfer", content: `Please ${ask}` },
        { id: "w1", agent: "surfer", kind: "message", content: "The archive says the old mill was founded long ago." },
        { id: "f", agent: "lead", kind: "final", content: "Unknown founding year." },
      ]),
    );
    expect(detectors(r, "w0")).toContain("unmet-instruction");
    expect(detectors(r, "w1")).not.toContain("unmet-instruction");
  });

  it("blames the reply the coordinator reacted to, not earlier progress", () => {
    const ask = "Open the county archive website and find the founding year of the old mill";
    const r = analyzeTrace(
      make([
        { id: "d0", agent: "lead", kind: "delegate", target: "surfer", content: ask },
        { id: "w0", agent: "surfer", kind: "message", content: "I opened the county archive home page." },
        { id: "w1", agent: "surfer", kind: "message", content: "I clicked a banner about garden furniture sales." },
        { id: "d1", agent: "lead", kind: "delegate", target: "surfer", content: `Please ${ask}` },
        { id: "f", agent: "lead", kind: "final", content: "Unknown founding year." },
      ]),
    );
    expect(detectors(r, "w1")).toContain("unmet-instruction");
    expect(detectors(r, "w0")).not.toContain("unmet-instruction");
  });
});

describe("a count misquoted where a price of its record makes it up", () => {
  // 58,310 + 12.35 rounds to 58,322, and 58,310 × 0.74 to 43,149: each misquote reads as a count plus
  // or times a price, unless a count is read as a count.
  const run = (fee: string, count: string, total: string) => {
    const steps: TTraceInput["steps"] = [
      {
        id: "ask",
        agent: "Lead",
        kind: "message",
        content: "Payout for Ridge site: crates shipped times the fee per crate.",
      },
      {
        id: "q1",
        agent: "Clerk",
        kind: "tool_call",
        content: "",
        tool: { name: "ledger", arguments: { site: "Ridge site" } },
      },
      { id: "r1", agent: "ledger", kind: "tool_result", content: '{"site":"Ridge site","crates":58310}' },
      {
        id: "q2",
        agent: "Clerk",
        kind: "tool_call",
        content: "",
        tool: { name: "ledger", arguments: { fee: "crate" } },
      },
      { id: "r2", agent: "ledger", kind: "tool_result", content: `Fee per crate at Ridge site: ${fee} EUR` },
      {
        id: "say",
        agent: "Clerk",
        kind: "message",
        content: `Ridge site shipped ${count} crates. The fee per crate is ${fee} EUR.`,
      },
      { id: "sum", agent: "Lead", kind: "message", content: `${count} × ${fee} EUR = ${total} EUR.` },
    ];
    const edges = [
      e("ask", "q1"),
      e("q1", "r1"),
      e("r1", "q2"),
      e("q2", "r2"),
      e("r1", "say"),
      e("r2", "say"),
      e("say", "sum"),
    ];
    return analyzeTrace(make(steps, edges, { task: steps[0].content }));
  };
  it("blames the step that misquoted the count, not the lookup before it", () => {
    for (const r of [run("12.35", "58,322", "720,276.70"), run("0.74", "43,149", "31,930.26")]) {
      expect(r.decisive?.stepId).toBe("say");
      expect(r.decisive?.agent).toBe("Clerk");
    }
  });
});

describe("a reading misquoted where a count of something else makes it up", () => {
  // 1.83 + 3 hits = 4.83: the record writes its unit on another line, so 1.83 carries no word;
  // the hits are a note the step read.
  it("blames the step that misquoted the reading", () => {
    const steps: TTraceInput["steps"] = [
      { id: "ask", agent: "Lead", kind: "message", content: "Report the median seeing at Ridge site." },
      {
        id: "q",
        agent: "Clerk",
        kind: "tool_call",
        content: "",
        tool: { name: "obs", arguments: { site: "Ridge site" } },
      },
      { id: "r", agent: "obs", kind: "tool_result", content: "site: Ridge site\nseeing_arcsec: 1.83\nunit: arcsec" },
      { id: "warm", agent: "Clerk", kind: "message", content: "Cache was warm, 3 hits." },
      { id: "say", agent: "Clerk", kind: "message", content: "Ridge site: 4.83 arcsec." },
      { id: "end", agent: "Lead", kind: "message", content: "The median seeing at Ridge site is 4.83 arcsec." },
    ];
    const edges = [e("ask", "q"), e("q", "r"), e("r", "warm"), e("r", "say"), e("warm", "say"), e("say", "end")];
    const r = analyzeTrace(make(steps, edges, { task: steps[0].content }));
    expect(r.decisive?.stepId).toBe("say");
    expect(r.decisive?.agent).toBe("Clerk");
  });
});
