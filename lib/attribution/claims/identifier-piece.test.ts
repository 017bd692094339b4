import { describe, expect, it } from "vitest";
import { isIdentifierPiece } from "./identifier-piece";
import { extractClaims } from "./extract-claims";
import { extractNumbers } from "../text-features";
import { analyzeTrace } from "../index";
import { ZTrace } from "../../trace/schema";

/** [text, the value (its last occurrence), whether it is a piece of an id, timestamp or meter field]. */
const CASES: [string, string, boolean][] = [
  ["id='run--43f26039-89ca-4b3c-9d67-eabbdf16311d'", "89", true],
  ["model gpt-4o-2024-08-06 says", "2024", true],
  ["Published Time: 2024-12-31T13:36:55-08:00", "36", true],
  ["created_at: 2025-08-29 12:06:56.430177", "430177", true],
  ['{"created": 1718900000, "object": "chat.completion"}', "1718900000", true],
  ["logged at 1718900000123 by the exporter", "1718900000123", true],
  ['"prompt_tokens": 120', "120", true],
  ["usage=RequestUsage(prompt_tokens=9, completion_tokens=3)", "3", true],
  ["call_kW83onhuRFzCvfhqM524IExy", "83", true],
  ["'index': 0", "0", true],
  // A bare meter key counts written with "=" or quoted; after a bare colon it may be a label.
  ["index=3 of the batch", "3", true],
  ["timestamp = 1718900000", "1718900000", true],
  ["index: 3 of the batch", "3", false],
  ["Employee ID: 1234", "1234", false],
  ["The total is 1234", "1234", false],
  ["COVID-19 cases: 500", "19", false],
  ["COVID-19 cases: 500", "500", false],
  ["released on 2024-08-06.", "2024", false],
  ["x86_64 build", "86", false],
  ["population 1400000000", "1400000000", false],
  ["it costs $45 at 3:45 pm", "45", false],
  // A line or column of a source file, as a compiler, grep or a warning prints it.
  ["/srv/lib/store/cache.go:318:   // flush", "318", true],
  ["agents/planner.py:77: DeprecationWarning: use run()", "77", true],
  ["src/view.ts:12:7 error TS2345", "7", true],
  ["open http://localhost:8080 first", "8080", false],
  ["mix them 3.5:1 by weight", "1", false],
  ["see e.g.: 5 cases", "5", false],
  ["Python 3.11: 42 files", "42", false],
  ["wrote planner.py 77 lines", "77", false],
  // The head of a dotted run: a version, an address, a section number, no decimal.
  ["user-agent: fetcher/4.17.2", "4.17", true],
  ["from 10.42.7.19 at noon", "10.42", true],
  ["as section 6.3.1 says", "6.3", true],
  ["the ratio is 4.17.", "4.17", false],
  ["the ratio is 4.17. 3 more", "4.17", false],
  ["sizes 4.17, 5.2 and 6.1", "4.17", false],
];

describe("identifier pieces", () => {
  for (const [text, value, piece] of CASES)
    it(`${JSON.stringify(text)}: ${value} ${piece ? "is" : "is not"} a piece of an identifier`, () => {
      const at = text.lastIndexOf(value);
      expect(isIdentifierPiece(text, at, at + value.length)).toBe(piece);
    });

  it("are never claims or grounding numbers", () => {
    const lines = extractClaims("cache.go:318: flush failed; planner.py:77: DeprecationWarning");
    expect(lines.filter((c) => c.kind === "number")).toEqual([]);
    const text = "AIMessage(id='run--43f26039-89ca', model='gpt-4o-2024-08-06') said the total is 155 on 2024-05-01";
    const values = extractClaims(text).map((c) => c.value);
    expect(values).toContain("n:155");
    expect(values).toContain("d:2024-05-01");
    expect(values.filter((v) => v === "n:-43" || v === "n:89" || v === "d:2024-08-06")).toEqual([]);
    const numbers = extractNumbers(text);
    expect(numbers).toContain("155");
    for (const piece of ["-43", "89", "4", "8", "6"]) expect(numbers).not.toContain(piece);
  });
});

describe("a line of a source file", () => {
  const run = (reply: string) => {
    const steps = [
      { id: "u", agent: "user", kind: "message" as const, content: "Fix the cache flush so the build passes." },
      {
        id: "g",
        agent: "Terminal",
        kind: "tool_result" as const,
        content: "/srv/lib/store/cache.go:318:  if n > 0 { flush() }\n/srv/lib/store/cache.go:345:  return nil",
      },
      { id: "f", agent: "Fixer", kind: "message" as const, content: reply },
    ];
    return analyzeTrace(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: "Fix the cache flush so the build passes." },
        agents: [{ name: "user", kind: "task_giver" }, { name: "Terminal" }, { name: "Fixer" }],
        steps,
        edges: steps.slice(1).map((x, i) => ({ from: steps[i].id, to: x.id, kind: "message" })),
      }),
    );
  };
  const findings = (reply: string) =>
    run(reply)
      .steps.filter((x) => x.stepId === "f")
      .flatMap((x) => x.detectors.map((d) => d.name));
  it("is no value a later step contradicts, and a step that quotes it saw it", () => {
    expect(findings("Viewing cache.go lines 300 to 360 around the flush.")).not.toContain("contradicts-source");
    expect(findings("The flush is at line 318; the early return at 345.")).toEqual([]);
    // Near miss: a number the output never printed is still one from nowhere.
    expect(findings("The flush is at line 3190.")).not.toEqual([]);
  });
});
