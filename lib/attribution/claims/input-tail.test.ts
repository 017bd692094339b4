/** A long prompt is read at its latest turns as well as at its head (input-tail.ts). Toys of our own. */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { buildProvenance } from "./provenance";
import { findOutputIssues } from "./output-findings";
import { failedRun } from "../test-graphs";
import { MAX_SCAN_CHARS } from "../text-features";
import { MAX_CLAIMS } from "./extract-claims";
import { inputTail, tailClaims } from "./input-tail";

/** Instructions long enough to fill the head scan, with the operands 12 and 33 that make 396 by chance. */
const INSTRUCTIONS = `system: Use 12 tools in at most 33 steps. ${"Answer from the sources you are given, and cite them. ".repeat(450)}`;

function verdict(input: string, content: string): string {
  const trace = failedRun("How long is the pier, in metres?", [
    { id: "s0", agent: "reader", kind: "llm", input, content },
  ]);
  return analyzeTrace(trace).decisive?.evidence.note ?? "";
}

describe("the end of a long input", () => {
  it("is read past the head scan, from a break, and only when the head scan misses it", () => {
    expect(inputTail("short input 318")).toBeUndefined();
    const long = `${"word ".repeat(MAX_SCAN_CHARS / 5)}latest turn: the pier is 318 metres`;
    const tail = inputTail(long)!;
    expect(long.endsWith(tail)).toBe(true);
    expect(tail.length).toBeLessThanOrEqual(MAX_SCAN_CHARS);
    expect(tail.startsWith("word ") || tail.startsWith("latest")).toBe(true);
    expect(inputTail(`${"x".repeat(MAX_SCAN_CHARS)}0123`)).toBeUndefined();
  });

  it("keeps the latest claims when a table before them fills the claim cap", () => {
    const table = Array.from({ length: MAX_CLAIMS * 2 }, (_, i) => `row ${i + 1000}`).join("\n");
    const input = `${"word ".repeat(MAX_SCAN_CHARS / 5)}${table}\nlatest turn: the pier is 318 metres`;
    expect(tailClaims(input)!.claims.map((c) => c.value)).toContain("n:318");
  });

  it("holds a value the step restates, so it is no invention", () => {
    const turn = "\n\ntool: The survey puts the pier at 318 metres.";
    expect(verdict(`system: Be brief.${turn}`, "The pier is 318 metres long.")).not.toMatch(/\b318\b/);
    expect(verdict(`${INSTRUCTIONS}${turn}`, "The pier is 318 metres long.")).not.toMatch(/\b318\b/);
  });

  it("holds the figure a misquote changes, though one operation on the instructions' numbers makes the misquote", () => {
    const turn = "\n\ntool: The pier is 318 metres long.";
    expect(verdict(`${INSTRUCTIONS}${turn}`, "The pier is 396 metres long.")).toMatch(
      /states 396 where its input gave 318/,
    );
  });

  it("holds the name an answer gives, so the answer is supported", () => {
    const answerAfter = (input: string) => {
      const g = buildGraph(
        failedRun("Which city hosts the head office of the Avalon Rail company?", [
          {
            id: "s",
            agent: "Searcher",
            kind: "tool_call",
            tool: { name: "search", arguments: { q: "Avalon Rail" }, result: "Avalon Rail runs 12 lines." },
          },
          { id: "a", agent: "Searcher", kind: "llm", input, content: "The answer is Marseille." },
        ]),
        resolveConfig({}),
      );
      return findOutputIssues(g, buildProvenance(g)).map((f) => f.name);
    };
    expect(answerAfter("system: Be brief.")).toContain("unsupported-answer");
    expect(answerAfter(`${INSTRUCTIONS}\n\ntool: Avalon Rail moved its head office to Marseille.`)).toEqual([]);
  });
});
