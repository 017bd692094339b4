/**
 * Page text scraped from a browser runs words and numbers together ("3 years ago205 comments"). Such
 * digits are not read as values the browsing agent stated (an id's digits sit the same way), but a
 * later step that reads "205" off the page did see it: quoting it is no fabrication. A number the page
 * never showed still is. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeChatRun, detectorsAt } from "./test-chat-run";

const page =
  "I clicked 'budgeting'.\nThe following text is visible in the viewport:\n/f/budgeting Submissions\nHot\n" +
  "How I paid off my car early Submitted by saver_88 3 years ago205 comments8,545\n" +
  "Is a 50/30/20 split realistic? Submitted by jm_finance 2 years ago187 comments";

const task = "How many comments does the top post in budgeting have?";

function run(criticSays: string) {
  return analyzeChatRun({
    task,
    taskGiver: "client",
    agents: ["Planner", "Browser", "Critic"],
    steps: [
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
    ],
  });
}

describe("numbers glued to the words of a scraped page", () => {
  it("ground a later step that quotes them", () => {
    const says = "The top post has 205 comments and the second 187; the sort is Hot, so we should switch to New.";
    expect(detectorsAt(run(says), "c")).not.toContain("ungrounded-value");
  });
  it("do not ground a number the page never showed", () => {
    const says = "The top post has 412 comments; the sort is Hot, so we should switch to New.";
    expect(detectorsAt(run(says), "c")).toContain("ungrounded-value");
  });
});
