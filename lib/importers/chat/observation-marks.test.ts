import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OBSERVATION_AT, OBSERVED_RESOURCE, RESULT_AT } from "../../trace/canonical-attributes";
import { analyzeTrace } from "../../attribution/index";
import { importValue } from "../index";
import { observationMarks, observationOffset, resultOffset } from "./observation-marks";

describe("observation marks (chat formats' phrasing → canonical attributes)", () => {
  it("finds where a WebSurfer turn starts quoting its screenshot, and the page it shows", () => {
    const text =
      "I clicked 'Prices'. The total is 52.\n\nHere is a screenshot of [Prices](https://shop.example/prices). The viewport shows 40% of the webpage.";
    expect(observationOffset(text)).toBe(text.indexOf("Here is"));
    expect(observationMarks(text)).toEqual({
      [OBSERVATION_AT]: text.indexOf("Here is"),
      [OBSERVED_RESOURCE]: "https://shop.example/prices",
    });
  });
  it("marks where a WebSurfer turn names the page it is open to, title included", () => {
    const text =
      "I typed 'https://lib.example/hours' into the browser address bar.\n\nThe web browser is open to the page [503 Service Unavailable](https://lib.example/hours).\nThe viewport shows 100% of the webpage.";
    expect(observationMarks(text)).toEqual({
      [OBSERVATION_AT]: text.indexOf("The web browser"),
      [OBSERVED_RESOURCE]: "https://lib.example/hours",
    });
  });
  it("reads an Address line as the resource, and marks program output and exit codes as observations", () => {
    const page = "I opened the page.\n\nAddress: https://museum.example/hours\nTitle: Hours";
    // A line marker starts at the blank line before it (`^\s*` under the m flag), as the engine read it before.
    expect(observationMarks(page)).toEqual({
      [OBSERVATION_AT]: page.indexOf("\nAddress"),
      [OBSERVED_RESOURCE]: "https://museum.example/hours",
    });
    expect(observationOffset("exitcode: 1 (execution failed)\nCode output: Traceback")).toBe(0);
    expect(observationOffset("I ran it.\nOutput: 42")).toBe("I ran it.\n".length);
  });
  it("leaves a message that quotes nothing unmarked", () => {
    expect(observationMarks("The answer is 4.")).toBeUndefined();
    expect(observationOffset("The output is fine")).toBeUndefined();
  });
  it("is set by the Who&When importer on the steps whose content quotes an observation", () => {
    const record = {
      question: "What is the price?",
      history: [
        { role: "human", content: "What is the price?" },
        {
          role: "WebSurfer",
          content:
            "I clicked 'Prices'.\n\nHere is a screenshot of [Prices](https://shop.example/prices). It shows 1999.",
        },
        { role: "Orchestrator (thought)", content: "The price is 1999." },
      ],
    };
    const { trace } = importValue(record, { format: "who-and-when" });
    const steps = trace.steps;
    expect(steps[1].attributes?.[OBSERVATION_AT]).toBe("I clicked 'Prices'.\n\n".length);
    expect(steps[1].attributes?.[OBSERVED_RESOURCE]).toBe("https://shop.example/prices");
    expect(steps[2].attributes?.[OBSERVATION_AT]).toBeUndefined();
  });
});

describe("program output body (AG2's framing → culprit.result_at)", () => {
  it("points after the last line-start output label", () => {
    const text = "exitcode: 0 (execution succeeded)\nCode output: []";
    expect(text.slice(resultOffset(text))).toBe(" []");
    expect(resultOffset("Output:\n42\noutput: 7")).toBe("Output:\n42\noutput:".length);
    expect(resultOffset("The output: is not at a line start")).toBeUndefined();
    expect(resultOffset("I checked the output")).toBeUndefined();
  });

  it("finds the same label end as the engine's old /(?:^|\\n)\\s*(?:code )?output:/gi, on any text", () => {
    const old = (t: string) => {
      let at: number | undefined;
      for (const m of t.matchAll(/(?:^|\n)\s*(?:code )?output:/gi)) at = m.index + m[0].length;
      return at;
    };
    const piece = fc.constantFrom("\n", " ", "\t", "\r", "output:", "Code output:", "OUTPUT:", "code ", "x", "[]");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const t = pieces.join("");
        expect(resultOffset(t)).toBe(old(t));
      }),
      { numRuns: 3000, seed: 5 },
    );
  });

  it("stays linear on a long run of blank lines", () => {
    const t = "\n ".repeat(200_000) + "x";
    const started = performance.now();
    expect(resultOffset(t)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("is set by the AG2 importer on a code execution result, and the engine then sees an empty run as an empty result", () => {
    const messages = [
      { name: "user_proxy", role: "user", content: "Count the featured log entries." },
      { name: "coder", role: "assistant", content: "```python\nprint(search('featured log'))\n```" },
      { name: "user_proxy", role: "user", content: "exitcode: 0 (execution succeeded)\nCode output: []" },
      { name: "coder", role: "assistant", content: "There are no featured log entries, so the count is 0." },
    ];
    const { trace } = importValue(messages, { format: "ag2" });
    const result = trace.steps[2];
    expect(result.kind).toBe("tool_result");
    expect(result.attributes?.[RESULT_AT]).toBe("exitcode: 0 (execution succeeded)\nCode output:".length);
    const report = analyzeTrace({ ...trace, run: { ...trace.run, outcome: "failure" } });
    const call = report.steps.find((s) => s.stepId === trace.steps[1].id);
    expect(call?.detectors.map((d) => d.name)).toContain("tool-failure");
  });
});
