/**
 * A day of a month written without its year ("March 15") is a claim too: checked against the dates a
 * source gives, with or without their year. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { extractClaims } from "./extract-claims";

function run(output: string, says: string) {
  return analyzeTrace(
    failedRun("When does the ferry to Skerra sail next?", [
      { id: "c", agent: "Clerk", kind: "tool_call", content: "ferry_times(route: Skerra)" },
      { id: "r", agent: "ferry_api", kind: "tool_result", content: output },
      { id: "a", agent: "Clerk", kind: "message", content: says },
      { id: "w", agent: "Writer", kind: "final", content: `Next sailing: ${says}` },
    ]),
  );
}

const invented = (r: ReturnType<typeof run>) =>
  detectorsAt(r, "a").filter((d) => d === "unsourced-value" || d === "ungrounded-value");

describe("a date without a year", () => {
  it("is read as the day it names, and a full date stays one claim", () => {
    expect(extractClaims("It sails on March 15.").map((c) => c.value)).toEqual(["d:--03-15"]);
    expect(extractClaims("It sails on 5th March.").map((c) => c.value)).toEqual(["d:--03-05"]);
    expect(extractClaims("It sails on March 15, 2024.").map((c) => c.value)).toEqual(["d:2024-03-15"]);
  });

  it("is sourced by the same day with or without its year", () => {
    expect(invented(run("next_sailing: 2024-03-15", "The ferry sails on March 15."))).toEqual([]);
    expect(invented(run("Sailings: March 15 only.", "The ferry sails on March 15."))).toEqual([]);
  });

  it("is unsourced when no source gives that day, and the misquote is blamed", () => {
    const r = run("next_sailing: 2024-03-05", "The ferry sails on March 15.");
    expect(invented(r)).not.toEqual([]);
    expect(r.decisive?.stepId).toBe("a");
  });
});
