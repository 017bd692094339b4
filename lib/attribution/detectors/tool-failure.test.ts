import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { detectToolFailure, EMPTY_SCORE } from "./tool-failure";
import { RESULT_AT } from "../../trace/canonical-attributes";

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
