/**
 * A tool output reports its failure in the runtime's words: an exception's name is capitalised
 * ("ValueError:"), so a page's script that merely ends a word in "error:" reports nothing. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { reportsFailure } from "./patterns";

describe("an exception's name in a tool output", () => {
  it("reports a failure as a runtime prints it", () => {
    expect(reportsFailure("Traceback (most recent call last):\n  ...\nValueError: bad crate count")).toBe(true);
    expect(reportsFailure("FileConversionException: could not read ledger.txt")).toBe(true);
    expect(reportsFailure("ValueError: bad crate count")).toBe(true);
  });

  it("near miss: a word that only ends in error: inside a loaded page", () => {
    expect(reportsFailure("Showing page 1 of 48. var fromOnError: function(e) { log(e) }")).toBe(false);
    expect(reportsFailure("the recovery handler, onerror: retries twice")).toBe(false);
  });
});
