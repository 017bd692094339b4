/**
 * A critic that reports progress is not approving: "verified: the shop opened … the search is not
 * complete" says the work goes on, so it is no approval that checked nothing. The
 * same words in a message that does close the work ("Confirmed, the total is correct.") stay an
 * approval. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

const task = "Open the page listing all lamps, cheapest first.";

function run(criticSays: string) {
  return analyzeTrace(
    failedRun(task, [
      { id: "q", agent: "client", kind: "message", content: task },
      { id: "p1", agent: "Planner", kind: "message", content: "Browser: open the shop's home page and report it." },
      { id: "b1", agent: "Browser", kind: "message", content: "I opened the home page. It shows 12 products." },
      { id: "c1", agent: "Critic", kind: "message", content: criticSays },
      {
        id: "p2",
        agent: "Planner",
        kind: "message",
        content: "Browser: type 'lamps' into the search field and submit.",
      },
      { id: "b2", agent: "Browser", kind: "message", content: "I clicked 'Search'. The page is unchanged." },
      { id: "f", agent: "Critic", kind: "final", content: "Stopped: the coordination budget ran out." },
    ]),
  );
}

describe("a critic's progress report", () => {
  it.each([
    "Verified: the shop opened. The search is not complete: no lamps are listed.",
    "Confirmed so far: the shop is open. We haven't yet found the lamps.",
    "The home page is confirmed. We need to continue browsing to reach the lamps.",
    'Confirmed: home page open. Decision: "continue".',
  ])("is not an approval without a check: %s", (says) => {
    expect(detectorsAt(run(says), "c1")).not.toContain("abandoned-verification");
  });
  it("while an approval that closes the work still is", () => {
    expect(detectorsAt(run("Confirmed, everything is correct. The lamps page is done."), "c1")).toContain(
      "abandoned-verification",
    );
  });
});
