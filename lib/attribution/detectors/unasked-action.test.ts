/**
 * A browsing agent that scrolls when its instruction asked it to click, search or open a page did
 * not deliver that instruction. Invented orchestrator/web-surfer runs in Magentic-One's wording.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";

type Turn = [agent: string, content: string, kind?: "delegate" | "thought"];

const TASK = "Which year was the lighthouse on the harbour museum's homepage first lit?";
const page = (action: string) =>
  `${action}\n\nHere is a screenshot of [Harbour Museum](https://museum.example/). The viewport shows 40% of the webpage.\nThe following text is visible in the viewport:\n\nCollections  Visit  Lighthouses  Shop`;

function run(turns: Turn[]) {
  return analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: TASK },
      agents: [{ name: "User", kind: "task_giver" }, { name: "Orchestrator" }, { name: "WebSurfer" }],
      steps: [
        { id: "t0", agent: "User", kind: "message", content: TASK },
        ...turns.map(([agent, content, kind], i) => ({
          id: `t${i + 1}`,
          agent,
          kind: kind ?? "message",
          content,
        })),
      ],
    }),
  );
}

const hitsOn = (r: ReturnType<typeof run>, id: string) =>
  r.steps.find((s) => s.stepId === id)?.detectors.filter((d) => d.name === "unmet-instruction") ?? [];

/** The orchestrator asks for an action, the surfer reports a scroll, and the run closes without the year. */
function afterAsking(instruction: string, report: string) {
  return run([
    ["Orchestrator", instruction, "delegate"],
    ["Orchestrator", "Next speaker WebSurfer", "thought"],
    ["WebSurfer", page(report)],
    ["Orchestrator", "We could not find the year the lighthouse was first lit."],
  ]);
}

describe("a scroll its instruction did not ask for", () => {
  it("is an undelivered instruction, where the surfer was told to click a link", () => {
    const r = afterAsking(
      "Please click on the 'Lighthouses' link and read when it was first lit.",
      "I scrolled down one page in the browser.",
    );
    const [hit] = hitsOn(r, "t3");
    expect(hit?.evidence.note).toBe(
      "did not deliver what t1 asked: it scrolled down instead of the action it was told to take",
    );
    expect(hit?.evidence.stepIds).toEqual(["t3", "t1"]);
    expect(r.decisive?.stepId).toBe("t3");
    expect(r.decisive?.agent).toBe("WebSurfer");
  });

  it("is one where the surfer was told to scroll the other way", () => {
    const r = afterAsking(
      "Scroll up to the page header, then click 'Lighthouses'.",
      "I scrolled down one page in the browser.",
    );
    expect(hitsOn(r, "t3")).toHaveLength(1);
    expect(
      hitsOn(afterAsking("Please search for 'lighthouse first lit'.", "I scrolled up one page."), "t3"),
    ).toHaveLength(1);
  });

  it("is no fault when the instruction asked for that scroll, or for a scroll either way", () => {
    for (const instruction of [
      "Please scroll down to the Lighthouses section and read when it was first lit.",
      "Please continue scrolling through the collection list, and click 'Lighthouses' when it shows.",
      "Scroll the page and find the lighthouse entry.",
    ])
      expect(hitsOn(afterAsking(instruction, "I scrolled down one page in the browser."), "t3")).toEqual([]);
    expect(
      hitsOn(afterAsking("Scroll the page and find the lighthouse entry.", "I scrolled up one page."), "t3"),
    ).toEqual([]);
    expect(
      hitsOn(
        afterAsking("Please keep scrolling to the bottom, then click 'Lighthouses'.", "I scrolled up one page."),
        "t3",
      ),
    ).toHaveLength(1);
  });

  it("is no fault when the instruction asks for no browser action, or the reply reports another action", () => {
    expect(
      hitsOn(afterAsking("Tell me what the museum says about its lighthouse.", "I scrolled down one page."), "t3"),
    ).toEqual([]);
    expect(hitsOn(afterAsking("Please click on the 'Lighthouses' link.", "I clicked 'Lighthouses'."), "t3")).toEqual(
      [],
    );
  });

  it("reads only an agent's own report, not a tool's output that quotes one", () => {
    const r = analyzeTrace(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: TASK },
        agents: [
          { name: "User", kind: "task_giver" },
          { name: "Orchestrator" },
          { name: "WebSurfer" },
          { name: "Browser" },
        ],
        steps: [
          { id: "t0", agent: "User", kind: "message", content: TASK },
          { id: "t1", agent: "Orchestrator", kind: "delegate", content: "Please click on the 'Lighthouses' link." },
          { id: "t2", agent: "WebSurfer", kind: "tool_call", content: "browser.click('Lighthouses')" },
          {
            id: "t3",
            agent: "Browser",
            kind: "tool_result",
            content: page("I scrolled down one page in the browser."),
          },
          { id: "t4", agent: "Orchestrator", kind: "message", content: "We could not find the year." },
        ],
      }),
    );
    // A hit on a tool's output would be handed to the call that asked for it.
    for (const id of ["t2", "t3"]) expect(hitsOn(r, id)).toEqual([]);
  });

  it("reads only the instruction given since the surfer last spoke", () => {
    const r = run([
      ["Orchestrator", "Please click on the 'Lighthouses' link.", "delegate"],
      ["WebSurfer", page("I clicked 'Lighthouses'.")],
      ["WebSurfer", page("I scrolled down one page in the browser.")],
      ["Orchestrator", "We could not find the year the lighthouse was first lit."],
    ]);
    expect(hitsOn(r, "t3")).toEqual([]);
  });
});
