/**
 * A speaker that answers other speakers' code and tool calls as a program would is the environment,
 * whatever it is called and however its output is worded: its output is evidence about whoever
 * asked for the run, never the culprit. An agent that reviews code in its own words, or runs tools
 * itself, stays a candidate.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { analyzeTrace } from "../analyze-trace";
import { classifyParticipants, markEnvironmentAsTools } from "./participants";

type Line = [agent: string, content: string];

function trace(lines: Line[], outcome: "failure" | "success" = "failure") {
  const names = [...new Set(lines.map(([a]) => a))];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome, task: "Count the rows of data.csv and report the count." },
    agents: names.map((name) => ({ name })),
    steps: lines.map(([agent, content], i) => ({ id: `m${i}`, agent, kind: "message", content })),
  });
}

/** A coder asks for runs; "Box" answers each with program output worded as a tool harness words it. */
const session: Line[] = [
  ["Coder", "I'll count the rows.\n```python\nprint(sum(1 for _ in open('data.csv')))\n```"],
  ["Box", "Here's the result of running `python count.py`:\n120"],
  ["Coder", "Let me check the header too.\n```python\nprint(open('data.csv').readline())\n```"],
  ["Box", "Here's the result of running `python header.py`:\nid,name,value"],
  ["Coder", 'Tool call: file_stat\nArguments:\n{"path": "data.csv"}'],
  ["Box", "Tool result for Coder:\n{'size': 5120, 'lines': 121}"],
  ["Coder", "The file has 121 rows of data. TERMINATE"],
];

function kinds(lines: Line[]): Record<string, string> {
  const g = buildGraph(trace(lines), DEFAULT_CONFIG);
  const k = classifyParticipants(g);
  return Object.fromEntries(g.agentNames.map((n, a) => [n, k[a]]));
}

describe("the environment, by behaviour", () => {
  it("a speaker answering every run request with output is the environment, under any name", () => {
    for (const name of ["Box", "assistant_2", "Reviewer"]) {
      const lines = session.map(([a, c]): Line => [a === "Box" ? name : a, c]);
      expect(kinds(lines)[name]).toBe("environment");
      const g = buildGraph(trace(lines), DEFAULT_CONFIG);
      markEnvironmentAsTools(g);
      expect(g.toolAgents.has(g.agentNames.indexOf(name))).toBe(true);
      expect(g.toolAgents.has(g.agentNames.indexOf("Coder"))).toBe(false);
    }
  });

  it("a speaker whose answers are model calls stays an agent, however it words them", () => {
    const t = trace(session);
    const modelled = {
      ...t,
      steps: t.steps.map((s) => (s.agent === "Box" ? { ...s, kind: "llm" as const } : s)),
    };
    const g = buildGraph(modelled, DEFAULT_CONFIG);
    markEnvironmentAsTools(g);
    expect(g.toolAgents.has(g.agentNames.indexOf("Box"))).toBe(false);
  });

  it("a reviewer who answers code in its own words stays an agent", () => {
    const reviewed = session.map(
      ([a, c]): Line => (a === "Box" ? [a, `I ran it and ${c.split("\n").pop()} looks right to me.`] : [a, c]),
    );
    expect(kinds(reviewed).Box).not.toBe("environment");
  });

  it("a speaker that asks for runs itself stays an agent", () => {
    const both = session.map(
      ([a, c]): Line => (a === "Box" ? [a, `${c}\n\`\`\`bash\nwc -l data.csv\n\`\`\``] : [a, c]),
    );
    expect(kinds(both).Box).not.toBe("environment");
  });

  it("a speaker that only answers runs stays the environment when what it prints speaks in the first person", () => {
    const printed = session.map(
      ([a, c], i): Line => (i === 3 ? [a, `${c}\n# We keep the header: our loader skips it.`] : [a, c]),
    );
    expect(kinds(printed).Box).toBe("environment");
    // Once it also says something in its own words, the first person is its own.
    const spoken = printed.map(([a, c], i): Line => (i === 1 ? [a, `I think ${c}`] : [a, c]));
    expect(kinds(spoken).Box).not.toBe("environment");
  });

  it("two bare answers to run requests are the executor; two that speak as an agent, or one answer, are not", () => {
    expect(kinds(session.slice(0, 4)).Box).toBe("environment");
    const spoken = session
      .slice(0, 4)
      .map(([a, c], i): Line => (i === 3 ? [a, `I see ${c.split("\n").pop()}.`] : [a, c]));
    expect(kinds(spoken).Box).not.toBe("environment");
    expect(kinds(session.slice(0, 2)).Box).not.toBe("environment");
  });

  it("one answer that is nothing but a record is the executor's: fields, a table, a JSON object", () => {
    const ask: Line = ["Coder", 'Fetching the row count.\n```python\nprint(stats(path="data.csv"))\n```'];
    for (const printed of [
      "path: data.csv\nrows: 120\nunit: rows",
      "path | rows\ndata.csv | 120",
      '{"path": "data.csv", "rows": 120}',
      "Record Harbour export\n  rows: 120",
      "data.csv, the March export: rows = 120 rows.",
    ])
      expect(kinds([ask, ["Box", printed], ["Coder", "The file has 121 rows."]]).Box).toBe("environment");
    // Its printed values are evidence, not values it introduced: the reader is the one to blame.
    const report = analyzeTrace(
      trace([ask, ["Box", "path: data.csv\nrows: 120"], ["Coder", "The file has 121 rows."]]),
    );
    expect(report.decisive?.agent).toBe("Coder");
  });

  it("near misses: one field, a sentence among the fields, a record that does not answer a run", () => {
    const ask: Line = ["Coder", 'Fetching the row count.\n```python\nprint(stats(path="data.csv"))\n```'];
    const close: Line = ["Coder", "The file has 121 rows."];
    expect(kinds([ask, ["Box", "Answer: 120"], close]).Box).not.toBe("environment");
    expect(kinds([ask, ["Box", "rows: 120\nThat matches the header count."], close]).Box).not.toBe("environment");
    expect(kinds([ask, ["Box", '{"answer": 120}'], close]).Box).not.toBe("environment");
    expect(kinds([ask, ["Box", "That matches.\nrows: 120"], close]).Box).not.toBe("environment");
    expect(kinds([ask, ["Box", "The file has rows = 120 in it."], close]).Box).not.toBe("environment");
    const told: Line = ["Coder", "Please tell me the row count of data.csv."];
    expect(kinds([told, ["Box", "path: data.csv\nrows: 120"], close]).Box).not.toBe("environment");
  });

  it("the verdict names the agent that misread the output, not the speaker that printed it", () => {
    const report = analyzeTrace(trace(session));
    expect(report.decisive?.agent).toBe("Coder");
  });

  it("a speaker that opens the run with a prompt template, then only prints what it runs, is the environment", () => {
    // The opening prompt shows the code format to use and says "let's": the task's text, not the
    // speaker asking for a run or speaking as an agent.
    const prompt =
      "Let's use Python to count rows. Write your code as:\n```python\n# your code\n```\nThe file is data.csv.";
    const solver = (code: string): Line => ["Solver", `Counting now.\n\`\`\`python\n${code}\n\`\`\``];
    const run: Line[] = [
      ["Proxy", prompt],
      solver("print(sum(1 for _ in open('data.csv')))"),
      ["Proxy", "120"],
      solver("print(120 - 1)"),
      ["Proxy", "119"],
      ["Solver", "The file has 119 rows of data."],
    ];
    expect(kinds(run).Proxy).toBe("environment");
    expect(analyzeTrace(trace(run)).decisive?.agent).not.toBe("Proxy");
  });

  it("near misses: an opener that speaks as an agent or asks for runs after its opening stays an agent", () => {
    const prompt = "Let's count rows. Write your code as:\n```python\n# your code\n```";
    const solver = (code: string): Line => ["Solver", `Counting now.\n\`\`\`python\n${code}\n\`\`\``];
    const spoken: Line[] = [
      ["Proxy", prompt],
      solver("print(120)"),
      ["Proxy", "I think 120 is right, but we should check the header."],
      solver("print(119)"),
      ["Proxy", "I see 119, so we are done."],
    ];
    expect(kinds(spoken).Proxy).not.toBe("environment");
    const asks: Line[] = [
      ["Proxy", prompt],
      solver("print(120)"),
      ["Proxy", "120\n```python\nprint(open('data.csv').readline())\n```"],
      solver("print(119)"),
      ["Proxy", "119\n```python\nprint(len(open('data.csv').read()))\n```"],
    ];
    expect(kinds(asks).Proxy).not.toBe("environment");
    // An opening with no code block is read as any step: its first person counts.
    const plain: Line[] = [
      ["Proxy", "Let's use Python to count rows. The file is data.csv."],
      solver("print(120)"),
      ["Proxy", "120"],
      solver("print(119)"),
      ["Proxy", "119"],
    ];
    expect(kinds(plain).Proxy).not.toBe("environment");
  });
});
