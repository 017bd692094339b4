import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { actionOf, detectToolFailure, EMPTY_SCORE } from "./tool-failure";
import { RESULT_AT } from "../../trace/canonical-attributes";
import { importTraces } from "../../importers/index";

type Steps = TTraceInput["steps"];
const graph = (steps: Steps) =>
  buildGraph(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure" },
      agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
      steps,
      edges: [],
    }),
    DEFAULT_CONFIG,
  );
const code = (id: string) => ({
  id,
  agent: "coder",
  kind: "message" as const,
  content: "```python\nprint(search('featured log'))\n```",
});
const out = (id: string, text: string) => ({ id, agent: "terminal", kind: "tool_result" as const, content: text });
const hitsOn = (steps: Steps) => {
  const g = graph(steps);
  return detectToolFailure({ g, config: DEFAULT_CONFIG, failed: true }).map((h) => ({
    step: g.steps[h.step].id,
    score: h.score,
  }));
};

/** A tool result framed by its source ("exitcode: 0\nCode output: "), with the body offset the importer records. */
const framed = (id: string, framing: string, body: string) => ({
  ...out(id, framing + body),
  attributes: { [RESULT_AT]: framing.length },
});

describe("tool-failure on empty results", () => {
  it.each(["[]", "null", "None", "  {}  ", ""])(
    "treats the bare output %j as an empty result and blames the call that asked for it",
    (text) => {
      expect(
        hitsOn([
          code("c1"),
          out("o1", text),
          { id: "m", agent: "coder", kind: "message", content: "The search found nothing." },
        ]),
      ).toContainEqual({
        step: "c1",
        score: EMPTY_SCORE,
      });
    },
  );

  it.each([
    ["exitcode: 0 (execution succeeded)\nCode output: ", "[]"],
    ["exitcode: 0 (execution succeeded)\nCode output: ", "{}"],
    ["Code output: ", "None"],
    ["Code output: ", ""],
    ["exitcode: 0\nOutput:", "\n  \n"],
  ])(
    "treats an output body that is empty after its framing (%j + %j, culprit.result_at) as an empty result",
    (framing, body) => {
      expect(
        hitsOn([
          code("c1"),
          framed("o1", framing, body),
          { id: "m", agent: "coder", kind: "message", content: "The search found nothing." },
        ]),
      ).toContainEqual({
        step: "c1",
        score: EMPTY_SCORE,
      });
    },
  );

  it("reads no system's framing itself: without the importer's result_at, 'Code output: []' is a non-empty text", () => {
    expect(hitsOn([code("c1"), out("o1", "exitcode: 0 (execution succeeded)\nCode output: []")])).toEqual([]);
  });

  it("a framed body with content is not empty", () => {
    expect(hitsOn([code("c1"), framed("o1", "Code output: ", "rows = [] after filtering, 12 before")])).toEqual([]);
  });

  it("does not treat a result that merely contains an empty list as empty", () => {
    expect(hitsOn([code("c1"), out("o1", "Code output: rows = [] after filtering, 12 before")])).toEqual([]);
  });

  it("keeps a recovered empty result as weak evidence only", () => {
    const hits = hitsOn([
      code("c1"),
      framed("o1", "Code output: ", "[]"),
      code("c2"),
      framed("o2", "Code output: ", "28 images"),
    ]);
    expect(hits).toEqual([{ step: "c1", score: EMPTY_SCORE * 0.2 }]);
  });
});

/** A call that names its tool, as chat and span importers record it. */
const call = (id: string, name: string, args: string) => ({
  id,
  agent: "assistant",
  kind: "tool_call" as const,
  content: `${name}(${args})`,
  tool: { name, arguments: args },
});

describe("tool-failure on calls that name their tool", () => {
  it("does not read a think tool's empty result as a lookup that found nothing", () => {
    expect(hitsOn([call("t", "think", '{"thought":"the order is delivered"}'), out("o", "")])).toEqual([]);
    // The same empty result of a lookup is still a fault of the call.
    expect(hitsOn([call("t", "get_order", '{"id":"7"}'), out("o", "")])).toEqual([{ step: "t", score: EMPTY_SCORE }]);
  });

  it.each([
    ["a lookup after a failed update does not recover it", "update_booking_seats", "get_seat_map", 0.7],
    [
      "a call of the same action recovers it, kept as weak evidence",
      "find_guest_by_email",
      "find_guest_by_phone",
      0.14,
    ],
  ])("%s", (_, failed, next, score) => {
    const hits = hitsOn([
      call("a", failed, '{"booking":"7"}'),
      out("e", "Error: every seat removed needs a seat in its place"),
      call("b", next, '{"id":"9"}'),
      out("r", '{"row":14,"free":["C","D"]}'),
    ]);
    expect(hits).toHaveLength(1);
    expect(hits[0].step).toBe("a");
    expect(hits[0].score).toBeCloseTo(score, 5);
  });

  it.each([
    ["get_order", "get"],
    ["getOrder", "get"],
    ["get-order", "get"],
    ["HTTP_get", "http"],
    ["search", "search"],
  ])("reads %s as the action %s", (name, action) => {
    expect(actionOf(name)).toBe(action);
  });
});

describe("tool-failure on a named tool's empty collection", () => {
  it.each(["[]", "{}", " [ ] "])("reads %j from a named service tool as its answer, none found", (text) => {
    expect(hitsOn([call("t", "search_ferries", '{"from":"Oban","day":"2024-08-03"}'), out("o", text)])).toEqual([]);
  });

  it("reads a service whose name holds a runner's letters as a service", () => {
    expect(hitsOn([call("t", "get_zip_code_areas", '{"zip":"PA34"}'), out("o", "[]")])).toEqual([]);
  });

  it.each([
    ["a blank reply", "search_ferries", ""],
    ["None", "search_ferries", "None"],
    ["null", "search_ferries", "null"],
    ["an empty list printed by code a runner tool ran", "run_python", "[]"],
    ["an empty object printed by a shell tool", "bash", "{}"],
    ["an empty list printed by an executor", "execute_code", "[]"],
  ])("near miss: %s is still a reply with nothing in it", (_, tool, text) => {
    expect(hitsOn([call("t", tool, '{"q":"x"}'), out("o", text)])).toEqual([{ step: "t", score: EMPTY_SCORE }]);
  });

  it("a retry of the same action answered with an empty list recovers a failed call", () => {
    const hits = hitsOn([
      call("a", "search_ferries", '{"from":"Oban"}'),
      out("e", "Error: the day field is required"),
      call("b", "search_ferries", '{"from":"Oban","day":"2024-08-03"}'),
      out("r", "[]"),
    ]);
    expect(hits).toHaveLength(1);
    expect(hits[0].score).toBeCloseTo(0.7 * 0.2, 5);
  });
});

describe("tool-failure on an acting tool's printed no-value", () => {
  it.each([
    ["approve", "{}", "None"],
    ["send_email", '{"to":"ops@example.org"}', "null"],
    ["SaveDraft", '{"title":"Q3 notes"}', " None "],
    ["update-status", '{"ticket":"41"}', "None"],
  ])("reads %s called with %s returning %j as a call that ran, not a lookup that found nothing", (tool, args, text) => {
    expect(hitsOn([call("t", tool, args), out("o", text)])).toEqual([]);
  });

  it.each([
    ["approve", []],
    ["get_order", ["m5"]],
  ])("reads a summary restating %s's None as that tool's output", (tool, blamed) => {
    // AgentChat messages: the calling agent restates its call's results in a summary message.
    const messages = [
      { source: "user", type: "TextMessage", content: "Review the draft." },
      { source: "writer", type: "TextMessage", content: "Here is the draft." },
      { source: "critic", type: "TextMessage", content: "Shorten the second line." },
      { source: "writer", type: "TextMessage", content: "Here is the shorter draft." },
      { source: "critic", type: "ToolCallRequestEvent", content: [{ id: "c1", arguments: "{}", name: tool }] },
      { source: "critic", type: "ToolCallExecutionEvent", content: [{ content: "None", name: tool, call_id: "c1" }] },
      { source: "critic", type: "ToolCallSummaryMessage", content: "None" },
    ];
    const [r] = importTraces(JSON.stringify({ messages }), { fileName: "team.json" });
    const g = buildGraph(r.trace, DEFAULT_CONFIG);
    const hits = detectToolFailure({ g, config: DEFAULT_CONFIG, failed: true });
    expect(hits.map((h) => g.steps[h.step].id)).toEqual(blamed);
  });

  it.each([
    ["a lookup's None", "get_weather", "None"],
    ["an acting tool's blank reply", "send_email", ""],
    ["a tool whose name only starts with an action's letters", "settle_invoice", "None"],
    ["a tool whose name only starts with an action's letters", "logistics_quote", "null"],
  ])("near miss: %s (%s) is still a reply with nothing in it", (_, tool, text) => {
    expect(hitsOn([call("t", tool, '{"q":"x"}'), out("o", text)])).toEqual([{ step: "t", score: EMPTY_SCORE }]);
  });
});

describe("the caller of a chat's code runner", () => {
  const review = (id: string) => ({
    id,
    agent: "critic",
    kind: "message" as const,
    content: "Bugs: none. The plot looks right.",
  });
  const failed = (id: string, agent = "terminal") => ({
    id,
    agent,
    kind: "tool_result" as const,
    content: "exitcode: 1 (execution failed)\nCode output: NameError: name 'search' is not defined",
  });
  const blamed = (steps: Steps) => hitsOn(steps).map((h) => h.step);

  it("is the step whose code it ran, not the review between them", () => {
    expect(blamed([code("c1"), review("k1"), failed("o1")])).toEqual(["c1"]);
    // A runner that opens no exit code is one by its name.
    expect(
      blamed([code("c1"), review("k1"), { ...failed("o1"), content: "Traceback: NameError: name 'search'" }]),
    ).toEqual(["c1"]);
  });

  it("is the code's author, not a task giver's prompt that quotes the code (a framework's phase template)", () => {
    const prompt = {
      id: "p1",
      agent: "framework",
      kind: "message" as const,
      content: "Review the codes below.\n```python\nprint(search('featured log'))\n```",
    };
    const g = buildGraph(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure" },
        agents: [{ name: "coder" }, { name: "framework", kind: "task_giver" }, { name: "terminal" }],
        steps: [code("c1"), prompt, failed("o1")],
        edges: [],
      }),
      DEFAULT_CONFIG,
    );
    const hits = detectToolFailure({ g, config: DEFAULT_CONFIG, failed: true });
    expect(hits.map((h) => g.steps[h.step].id)).toEqual(["c1"]);
  });

  it("with no code to go by, is the agent's turn before the task giver's, by order or by stated edge", () => {
    const blamedWith = (edges: { from: string; to: string }[]) => {
      const g = buildGraph(
        ZTrace.parse({
          schema: "culprit.trace/v1",
          run: { outcome: "failure" },
          agents: [{ name: "coder" }, { name: "framework", kind: "task_giver" }, { name: "terminal" }],
          steps: [
            { id: "c1", agent: "coder", kind: "message", content: "The program is saved as main.py." },
            { id: "p1", agent: "framework", kind: "message", content: "Now test the program." },
            failed("o1"),
          ],
          edges: edges.map((e) => ({ ...e, kind: "message", evidence: "toy", confidence: 1 })),
        }),
        DEFAULT_CONFIG,
      );
      return detectToolFailure({ g, config: DEFAULT_CONFIG, failed: true }).map((h) => g.steps[h.step].id);
    };
    expect(blamedWith([])).toEqual(["c1"]);
    expect(
      blamedWith([
        { from: "c1", to: "p1" },
        { from: "p1", to: "o1" },
        { from: "c1", to: "o1" },
      ]),
    ).toEqual(["c1"]);
  });

  it("for the second of two reports in a row, is the code both ran, not the review before them", () => {
    expect(blamed([code("c1"), review("k1"), failed("o1"), failed("o2")])).toEqual(["c1", "c1"]);
  });

  it("is the code's author for a runner known only by the interpreter's crash it prints, not by its name", () => {
    // A test harness logged as "System" that reports the program's crash, twice in a row.
    const crash = (id: string, head: string) => ({
      ...failed(id, "System"),
      content: `${head}\n  File "app.py", line 183, in <module>\n    from board import Board\nModuleNotFoundError: No module named 'board'`,
    });
    const traceback = "Traceback (most recent call last):";
    expect(blamed([code("c1"), review("k1"), crash("o1", traceback), crash("o2", traceback)])).toEqual(["c1", "c1"]);
    // Near miss: the same crash quoted after other words is no runner's report; the turn before it is.
    const quoted = `The service answered: ${traceback}`;
    expect(blamed([code("c1"), review("k1"), crash("o1", quoted)])).toEqual(["k1"]);
  });

  it("is the latest code even when it comes without fences, in a framework's file layout", () => {
    const unfenced = {
      id: "c2",
      agent: "coder",
      kind: "message" as const,
      content:
        "FILENAME: search.py\nLANGUAGE: Python\nCODE:\nfrom index import load\ndef search(q):\n    return load(q)",
    };
    expect(blamed([code("c1"), unfenced, failed("o1")])).toEqual(["c2"]);
  });

  it("near miss: code the runner already ran before its last turn, or a speaker that runs nothing", () => {
    expect(blamed([code("c1"), failed("o0"), review("k1"), failed("o1")])).toEqual(["c1", "k1"]);
    expect(
      blamed([code("c1"), review("k1"), { ...failed("o1", "archive"), content: "Error: record 'search' not found" }]),
    ).toEqual(["k1"]);
  });
});
