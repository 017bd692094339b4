/**
 * A date written with slashes ("08/21/2023", "21/08/2023") is the day it names when only one reading
 * holds: a step that writes it in words takes it from there. "03/04/2023" is either day, and no
 * date. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { extractClaims } from "./extract-claims";

const dates = (text: string) =>
  extractClaims(text)
    .filter((c) => c.kind === "date")
    .map((c) => c.value);

describe("a date with slashes", () => {
  it("is read as the day it names when one reading holds", () => {
    expect(dates("as of 08/21/2023")).toEqual(["d:2023-08-21"]);
    expect(dates("as of 21/08/2023")).toEqual(["d:2023-08-21"]);
  });

  it("near miss: an ambiguous day, a path's pieces and an impossible day are no date", () => {
    expect(dates("as of 03/04/2023")).toEqual([]);
    expect(dates("see /news/12/25/2023/")).toEqual([]);
    expect(dates("see /archive/12/25/2023 for it")).toEqual([]);
    expect(dates("ratio 13/14/2023")).toEqual([]);
  });

  it("sources the same day written in words", () => {
    const run = (task: string) =>
      detectorsAt(
        analyzeTrace(
          failedRun(task, [
            { id: "a", agent: "Searcher", kind: "message", content: "The page was last edited on August 21, 2023." },
            { id: "w", agent: "Writer", kind: "final", content: "Last edit: August 21, 2023" },
          ]),
        ),
        "a",
      ).filter((d) => d === "unsourced-value");
    expect(run("Which edit of the page was live on 08/21/2023?")).toEqual([]);
    // The same question naming no day leaves the day the searcher's own.
    expect(run("Which edit of the page was live in late summer?")).toEqual(["unsourced-value"]);
  });
});
