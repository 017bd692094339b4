/**
 * "Successfully" in a purpose, a plan or a negation claims nothing ("to successfully complete the
 * task", "we will successfully …"); a report of what happened does ("I successfully ran it"). Toys of
 * our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { claimsSuccess } from "./patterns";

/** An agent speaks first, before any tool output; a tool answers later. */
function run(first: string) {
  return analyzeTrace(
    failedRun("Tidy the orchard ledger for plot 7.", [
      { id: "p", agent: "Planner", kind: "message", content: "Ledger, please start on plot 7." },
      { id: "a", agent: "Ledger", kind: "message", content: first },
      { id: "c", agent: "Ledger", kind: "tool_call", content: "read_ledger(plot: 7)" },
      { id: "r", agent: "ledger_db", kind: "tool_result", content: "rows: 12, unbalanced: 2" },
      { id: "f", agent: "Planner", kind: "final", content: "Plot 7 has 2 unbalanced rows." },
    ]),
  );
}

describe("success intended, not claimed", () => {
  it.each([
    "We share a common interest in collaborating to successfully finish a job for a new client.",
    "To successfully complete this task, I will first look at the ledger file.",
    "In order to successfully close the books, we need the ledger.",
    "Let me read it so that we can successfully reconcile the rows.",
    "We will successfully reconcile plot 7 once I read it.",
    "The file should be successfully saved after the edit.",
    "I will try to successfully balance the rows.",
    "To finish this task successfully, I will read the ledger first.",
    "The ledger was not successfully parsed last time, so I will read it again.",
    "These imports are required for the script to run successfully.",
    "This will ensure that the script can execute successfully.",
    "The patched script should run successfully on the next pass.",
    "With these imports the ledger app should be able to run successfully.",
    "The module can now be imported successfully by the sheet.",
    "Please make the change and test the sheet to ensure that the totals work as expected.",
    "Please make the change and test the sheet to ensure the rounding works as expected.",
  ])("reads no success claim in %j", (text) => {
    expect(claimsSuccess(text)).toBe(false);
    expect(detectorsAt(run(text), "a")).not.toContain("false-success-claim");
  });

  it.each([
    "I successfully ran the balance check.",
    "The reconciliation was completed successfully.",
    "Successfully updated the ledger for plot 7.",
    "I was able to successfully run the check.",
    "I managed to successfully balance the rows.",
    "To start, I ran the check. It finished successfully.",
    "To successfully complete this, I ran the check; verified.",
    "For the record, the script ran successfully.",
    "The rounding works as expected.",
    "As the log shows, it can be seen that the ledger rows were balanced successfully.",
  ])("near miss: %j reports a success, before any tool output", (text) => {
    expect(claimsSuccess(text)).toBe(true);
    expect(detectorsAt(run(text), "a")).toContain("false-success-claim");
  });

  it("reads each mention: an intention beside a report still claims", () => {
    expect(claimsSuccess("To successfully finish, I first ran it, and it successfully balanced.")).toBe(true);
  });
});

describe("success judged in writing, not claimed", () => {
  it.each([
    "The verse successfully conveys the quiet of the orchard at dusk.",
    "Overall, it successfully evokes the smell of wet bark.",
    "This stanza successfully captures the mood of harvest week.",
    "The draft Successfully Portrays the growers as patient people.",
  ])("reads no success claim in %j", (text) => {
    expect(claimsSuccess(text)).toBe(false);
    expect(detectorsAt(run(text), "a")).not.toContain("false-success-claim");
  });

  it.each([
    "The script successfully handles the unbalanced rows.",
    "It successfully captures the ledger rows into the sheet.",
    "The verse successfully conveys the mood, and I successfully saved it to the ledger.",
    "The summary was successfully conveyed to the planner.",
  ])("near miss: %j still claims a success", (text) => {
    expect(claimsSuccess(text)).toBe(true);
    expect(detectorsAt(run(text), "a")).toContain("false-success-claim");
  });
});
