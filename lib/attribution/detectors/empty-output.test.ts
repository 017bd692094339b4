/**
 * What counts as a tool output that returned nothing, and as a run ended right after a failure. An
 * executor's blank turn after an agent's prose ran nothing; a failure that a later output succeeded
 * past was recovered. Each with near misses that still read as nothing, or as a failure. Invented runs.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";

type Turn = [agent: string, content: string, kind?: "tool_result" | "final", status?: "ok" | "error"];

function trace(turns: Turn[]) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Chart the weekly rainfall in rain.csv and save it as rain.png." },
    agents: [...new Set(turns.map(([a]) => a))].map((name) => ({ name })),
    steps: turns.map(([agent, content, kind, status], i) => ({
      id: `t${i}`,
      agent,
      kind: kind ?? "message",
      content,
      ...(kind === "tool_result" ? { tool: { name: "code_execution" } } : {}),
      ...(status ? { status } : {}),
      ...(kind === "tool_result" ? { attributes: { "culprit.result_at": content.indexOf("Code output:") + 12 } } : {}),
    })),
  });
}

const fired = (turns: Turn[], name: string) =>
  analyzeTrace(trace(turns)).steps.flatMap((s) => s.detectors.filter((d) => d.name === name).map(() => s.stepId));

const code = (body: string) => `Here is the script.\n\`\`\`python\n${body}\n\`\`\``;
const ran = (out: string, exit = 0): Turn => [
  "Runner",
  `exitcode: ${exit} (execution ${exit ? "failed" : "succeeded"})\nCode output: ${out}`,
  "tool_result",
  exit ? "error" : "ok",
];
const saves = "import pandas as pd\nax = pd.read_csv('rain.csv').plot()\nax.figure.savefig('rain.png')";

describe("an output that returned nothing", () => {
  it("is not a blank turn the executor takes after an agent's prose", () => {
    const turns: Turn[] = [
      ["Analyst", code("import pandas as pd\nprint(pd.read_csv('rain.csv').shape)")],
      ran("(52, 2)"),
      ["Analyst", code(`${saves}\nprint('saved')`)],
      ran("saved"),
      ["Analyst", "The chart is saved as rain.png."],
      ["Runner", ""],
    ];
    expect(fired(turns, "tool-failure")).toEqual([]);
  });

  it("near miss: the executor's blank answer to code the agent asked to run is still nothing", () => {
    const turns: Turn[] = [
      ["Analyst", code("import pandas as pd\nprint(pd.read_csv('rain.csv').shape)")],
      ran("(52, 2)"),
      ["Analyst", code(`${saves}\nprint('saved')`)],
      ["Runner", ""],
      ["Analyst", "The chart is saved as rain.png."],
    ];
    expect(fired(turns, "tool-failure")).toContain("t2");
  });
});

describe("a blank turn after a failure", () => {
  const score = (turns: Turn[], step: string) =>
    analyzeTrace(trace(turns))
      .steps.find((s) => s.stepId === step)
      ?.detectors.find((d) => d.name === "tool-failure")?.score ?? 0;
  const failing: Turn[] = [
    ["Analyst", code("import pandas as pd\nprint(pd.read_csv('rain.csv').shape)")],
    ran("(52, 2)"),
    ["Analyst", code("print(weekly_total('rain.csv'))")],
    ran("Traceback (most recent call last):\nNameError: name 'weekly_total' is not defined", 1),
  ];

  it("is no recovery from it: the executor ran nothing", () => {
    const turns: Turn[] = [...failing, ["Analyst", "The total could not be computed."], ["Runner", ""]];
    expect(score(turns, "t2")).toBeGreaterThanOrEqual(0.7);
  });

  it("near miss: a later run that succeeds is one", () => {
    const turns: Turn[] = [...failing, ["Analyst", code("print(412)")], ran("412")];
    expect(score(turns, "t2")).toBeLessThan(0.3);
  });
});

describe("a run ended right after a failed output", () => {
  it("is not one whose failure a later output succeeded past", () => {
    const turns: Turn[] = [
      ["Analyst", code("print(weekly_total('rain.csv'))")],
      ran("Traceback (most recent call last):\nNameError: name 'weekly_total' is not defined", 1),
      ["Analyst", code("import pandas as pd\nprint(pd.read_csv('rain.csv')['mm'].sum())")],
      ran("412"),
      ["Analyst", "The weekly total is 412 mm.", "final"],
    ];
    expect(fired(turns, "premature-termination")).toEqual([]);
  });

  it("near miss: the last output before the close failed", () => {
    const turns: Turn[] = [
      ["Analyst", code("import pandas as pd\nprint(pd.read_csv('rain.csv')['mm'].sum())")],
      ran("412"),
      ["Analyst", code("print(weekly_total('rain.csv'))")],
      ran("Traceback (most recent call last):\nNameError: name 'weekly_total' is not defined", 1),
      ["Analyst", "The weekly total is 412 mm.", "final"],
    ];
    expect(fired(turns, "premature-termination")).toEqual(["t4"]);
  });
});
