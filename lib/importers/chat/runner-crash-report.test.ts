import { describe, expect, it } from "vitest";
import { importTrace } from "../index";
import { analyzeTrace } from "../../attribution/index";

/** An invented Magentic-One log in the Who&When layout whose run dies while the web surfer reports a page. */
const REPORT = [
  "Error processing publish message",
  "Traceback (most recent call last):",
  '  File "runtime.py", line 10, in _process_publish',
  "openai.BadRequestError: the prompt was filtered",
  "FINAL ANSWER: 1850",
  "SCENARIO.PY COMPLETE !#!#",
].join("\n");
const PAGE =
  "I clicked 'Harbour history'.\n\nHere is a screenshot of [Harbour history](https://example.org/harbour). The viewport shows 30% of the webpage.\nThe harbour opened in 1850 and closed in 1921.";

function record(last: string) {
  return {
    question: "When did the old harbour open?",
    history: [
      { role: "human", content: "When did the old harbour open?" },
      {
        role: "Orchestrator (thought)",
        content: "Initial plan: ask the web surfer to find the harbour's history page.",
      },
      {
        role: "Orchestrator (-> WebSurfer)",
        content: "Please open the harbour's history page and read its opening year.",
      },
      { role: "WebSurfer", content: last },
    ],
    is_correct: false,
  };
}

describe("a Magentic-One runner's crash report printed into the last agent message", () => {
  it("is a step of the task giver after the agent's own message, which keeps the page it read", () => {
    const { trace } = importTrace(JSON.stringify(record(`${PAGE}\n<Image>\n${REPORT}`)));
    expect(trace.steps).toHaveLength(5);
    expect(trace.steps[3]).toMatchObject({ agent: "WebSurfer", content: `${PAGE}\n<Image>` });
    expect(trace.steps[4]).toMatchObject({ agent: "human", sourceRef: "3", content: REPORT });
    expect(trace.agents.find((a) => a.name === "human")?.kind).toBe("task_giver");
    // How the run ended and the answer the runner forced are read as before.
    expect(trace.run.finalAnswer).toBe("1850");
    expect(trace.run.attributes?.["culprit.termination"]).toBe("error");
  });

  it("leaves the agent's own last step a candidate: the verdict can name the step the crash followed", () => {
    const { trace } = importTrace(JSON.stringify(record(`${PAGE}\n<Image>\n${REPORT}`)));
    const report = analyzeTrace(trace);
    expect(report.decisive?.agent).toBe("WebSurfer");
    expect(report.decisive?.stepId).toBe(trace.steps[3].id);
  });

  it("a last entry that holds nothing but the report stays one step", () => {
    const { trace } = importTrace(JSON.stringify(record(REPORT)));
    expect(trace.steps).toHaveLength(4);
    expect(trace.steps[3]).toMatchObject({ agent: "WebSurfer", content: REPORT });
  });

  it("an AG2 chat (not Magentic-One) is left as it was logged", () => {
    const chat = {
      messages: [
        { name: "user", role: "user", content: "When did the old harbour open?" },
        { name: "Researcher", role: "assistant", content: `The harbour opened in 1850.\n${REPORT}` },
      ],
    };
    const { trace } = importTrace(JSON.stringify(chat));
    expect(trace.steps).toHaveLength(2);
    expect(trace.steps[1].content).toContain("FINAL ANSWER: 1850");
  });
});
