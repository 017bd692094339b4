/**
 * Page text scraped from a browser runs words and numbers together ("posted 4 months ago318 replies"). Such
 * digits are not read as values the browsing agent stated (an id's digits sit the same way), but a
 * later step that reads "318" off the page did see it: quoting it is no fabrication. A number the page
 * never showed still is. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { detectorsAt, failedRun } from "./test-graphs";

const page =
  "I clicked 'budgeting'.\nThe following text is visible in the viewport:\n/f/budgeting Submissions\nHot\n" +
  "How I paid off my car early Submitted by saver_88 4 months ago318 replies2,904\n" +
  "Is a 50/30/20 split realistic? Submitted by jm_finance 9 months ago142 replies";

const task = "How many comments does the top post in budgeting have?";

function run(criticSays: string) {
  return analyzeTrace(
    failedRun(task, [
      { id: "q", agent: "client", kind: "message", content: task },
      {
        id: "p",
        agent: "Planner",
        kind: "message",
        content: "Browser: open the budgeting forum and report the posts.",
      },
      { id: "b", agent: "Browser", kind: "message", content: page },
      { id: "c", agent: "Critic", kind: "message", content: criticSays },
      { id: "f", agent: "Critic", kind: "final", content: "Stopped: the coordination budget ran out." },
    ]),
  );
}

describe("numbers glued to the words of a scraped page", () => {
  it("ground a later step that quotes them", () => {
    const says = "The top post has 318 replies and the second 142; the sort is Hot, so we should switch to New.";
    expect(detectorsAt(run(says), "c")).not.toContain("ungrounded-value");
  });
  it("do not ground a number the page never showed", () => {
    const says = "The top post has 412 replies; the sort is Hot, so we should switch to New.";
    expect(detectorsAt(run(says), "c")).toContain("ungrounded-value");
  });
});
