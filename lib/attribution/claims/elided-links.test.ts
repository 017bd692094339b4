/**
 * A link cut short ("https://chem.quillford.org/...") points at one shown in full elsewhere: no
 * resource of its own, so no unsourced link. A full link the agent made up still is one. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { extractClaims } from "./extract-claims";

const links = (text: string) =>
  extractClaims(text)
    .filter((c) => c.kind === "url")
    .map((c) => c.value);

describe("a link cut short", () => {
  it("is no link claim, with three dots or an ellipsis", () => {
    expect(links("see https://chem.quillford.org/... for the table")).toEqual([]);
    expect(links("see https://chem.quillford.org/Bookshelves/… for the table")).toEqual([]);
    expect(links("see https://chem.quillford.org/tables/boiling.")).toEqual(["u:chem.quillford.org/tables/boiling"]);
  });

  it("introduces nothing, where a made-up full link does", () => {
    const says = (link: string) =>
      detectorsAt(
        analyzeTrace(
          failedRun("What is the boiling point of the solvent?", [
            { id: "c", agent: "Searcher", kind: "tool_call", content: "search(query: solvent boiling point)" },
            {
              id: "r",
              agent: "search",
              kind: "tool_result",
              content: "1. https://chem.quillford.org/Bookshelves/Solvents/boiling — Boiling points of solvents",
            },
            { id: "a", agent: "Searcher", kind: "message", content: `Source: ${link} lists it.` },
            { id: "w", agent: "Writer", kind: "final", content: `Answer, per ${link}` },
          ]),
        ),
        "a",
      ).filter((d) => d === "unsourced-value");
    expect(says("https://chem.quillford.org/...")).toEqual([]);
    expect(says("https://chem.quillford.org/Handbook/solvent-table")).toEqual(["unsourced-value"]);
  });
});
