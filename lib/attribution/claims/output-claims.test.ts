/**
 * Claims beyond numbers, checked against the outputs a step read (output-findings.ts): each case
 * has a contradiction and a near miss (a paraphrase, a rounding, a hedge, an ambiguous source)
 * that must not be flagged.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";
import { failedRun } from "../test-graphs";
import { buildProvenance } from "./provenance";
import { OUTPUT_SCORE, findOutputIssues } from "./output-findings";
import { OBSERVATION_AT } from "../../trace/canonical-attributes";

type Step = TTraceInput["steps"][number];

/** A chat run: a coder writes code, the executor prints `printed`, an analyst reads it, a writer answers. */
function codeRun(printed: string, reading: string, final = "Done.", task = "Compute the figure the task asks for.") {
  const steps: Step[] = [
    { id: "code", agent: "Coder", kind: "message", content: "```python\nprint(solve())\n```" },
    { id: "out", agent: "Executor", kind: "tool_result", content: printed },
    { id: "read", agent: "Analyst", kind: "message", content: reading },
    { id: "fin", agent: "Writer", kind: "final", content: final },
  ];
  return trace(task, steps);
}

const trace = failedRun;

function issues(t: ReturnType<typeof trace>) {
  const g = buildGraph(t, resolveConfig({}));
  return findOutputIssues(g, buildProvenance(g)).map((f) => ({ ...f, stepId: g.steps[f.step].id }));
}

const at = (t: ReturnType<typeof trace>, name: string) => issues(t).filter((f) => f.name === name);

describe("a claim that contradicts the program output it reads", () => {
  it("a misread number is flagged at the reading step, quoting both sides", () => {
    const t = codeRun("4145", "The script printed 4245, so the total is 4245.", "The total is 4245.");
    const [f] = at(t, "contradicts-output");
    expect(f?.stepId).toBe("read");
    expect(f?.value).toBe("n:4245");
    expect(f?.quote).toContain("4245");
    expect(f?.note).toContain("4145");
    expect(f?.reachesAnswer).toBe(true);
  });

  it("near miss: the output restated, then rounded, is no contradiction", () => {
    expect(issues(codeRun("4145", "The script printed 4145. Rounded, the result is about 4100."))).toEqual([]);
    expect(issues(codeRun("0.3333", "The result is 33.33%."))).toEqual([]);
  });

  it("near miss: a hedge or an expectation is not a report of what ran", () => {
    expect(issues(codeRun("4145", "The code should print 5000 if the data were complete."))).toEqual([]);
    expect(issues(codeRun("4145", "The expected output is 4245, let me check the table."))).toEqual([]);
  });

  it("a misread name is flagged; the same name in other case and number is not", () => {
    expect(at(codeRun("Rockhopper Penguin", "The result is Emperor Penguin."), "contradicts-output")).toHaveLength(1);
    expect(issues(codeRun("Rockhopper Penguin", "The result is the rockhopper penguins."))).toEqual([]);
  });

  it("a printed yes/no read as its opposite is flagged; a boolean is never mapped to yes/no", () => {
    expect(at(codeRun("No", "The program printed Yes, so the condition holds."), "contradicts-output")).toHaveLength(1);
    expect(issues(codeRun("False", "The function returned False, so the answer is yes."))).toEqual([]);
    expect(at(codeRun("False", "It returned True, so 91 is prime."), "contradicts-output")).toHaveLength(1);
  });

  it("an option letter printed as the answer and answered as another letter is flagged", () => {
    expect(at(codeRun("Answer: B", "The final answer is C."), "contradicts-output")).toHaveLength(1);
    expect(issues(codeRun("Answer: B", "The final answer is (B)."))).toEqual([]);
  });

  it("a selection from a printed list: an item it holds passes, one it does not hold is flagged", () => {
    const list = "['Alice Moreau', 'Bob Okafor', 'Dana Lee']";
    expect(at(codeRun(list, "The function returned Carol Smith as the oldest."), "contradicts-output")).toHaveLength(1);
    expect(issues(codeRun(list, "The function returned Bob Okafor as the oldest."))).toEqual([]);
  });

  it("names the agent that misread the output, not the coder whose code printed the right value", () => {
    const r = analyzeTrace(codeRun("4145", "The script printed 4245, so the total is 4245.", "The total is 4245."));
    expect(r.decisive?.agent).toBe("Analyst");
    expect(r.decisive?.stepId).toBe("read");
  });
});

describe("a value stated under a label the tool output gave differently", () => {
  const lookup = (result: string, reply: string) =>
    trace("Check the order W1 for the customer.", [
      { id: "ask", agent: "Assistant", kind: "message", content: "Let me look up order W1." },
      {
        id: "call",
        agent: "Assistant",
        kind: "tool_call",
        tool: { name: "get_order", arguments: { id: "W1" }, result },
      },
      { id: "reply", agent: "Assistant", kind: "message", content: reply },
    ]);

  it("a status the output contradicts is flagged", () => {
    const t = lookup('{"order_id": "W1", "status": "pending"}', "Your order status is delivered.");
    const [f] = at(t, "contradicts-output");
    expect(f?.stepId).toBe("reply");
    expect(f?.note).toContain("pending");
  });

  it("near miss: the same status with an adverb, or a label the output gives two values, is not", () => {
    expect(issues(lookup('{"order_id": "W1", "status": "pending"}', "The order status is currently pending."))).toEqual(
      [],
    );
    const two = '[{"order_id": "W1", "status": "pending"}, {"order_id": "W2", "status": "delivered"}]';
    expect(issues(lookup(two, "The status is delivered."))).toEqual([]);
  });
});

describe("an answer that names what no source it read holds", () => {
  const search = (answer: string) =>
    trace("Which city hosts the head office of the Avalon Rail company?", [
      { id: "q", agent: "Searcher", kind: "message", content: "Searching for the head office." },
      {
        id: "s",
        agent: "Searcher",
        kind: "tool_call",
        tool: {
          name: "search",
          arguments: { q: "Avalon Rail head office" },
          result: "Avalon Rail moved its offices to Lyon in 2011.",
        },
      },
      { id: "a", agent: "Searcher", kind: "message", content: answer },
    ]);

  it("is flagged, weaker than a contradiction", () => {
    const [f] = at(search("The answer is Marseille."), "unsupported-answer");
    expect(f?.stepId).toBe("a");
    expect(f?.score).toBeLessThan(0.5);
  });

  it("near miss: a name the output or the task holds is supported", () => {
    expect(issues(search("The answer is Lyon."))).toEqual([]);
    expect(issues(search("The answer is Avalon Rail's head office in Lyon."))).toEqual([]);
  });
});

describe("a one-name answer put forward after a relation that no source holds", () => {
  /**
   * A searcher reads a page (by default one that names no harbour master); a lead then answers with a
   * name, in its final message or, when `handedOver` is given, in a message before an answer tool call.
   */
  const answered = (says: string, page = "Gull Harbour opened in 1898.", handedOver?: string) =>
    trace("Who was the first harbour master of Gull Harbour?", [
      {
        id: "s",
        agent: "Searcher",
        kind: "tool_call",
        tool: { name: "search", arguments: { q: "Gull Harbour history" }, result: page },
      },
      { id: "r", agent: "Searcher", kind: "message", content: "The page gives the opening year only." },
      { id: "a", agent: "Lead", kind: handedOver ? "message" : "final", content: says },
      ...(handedOver
        ? [
            {
              id: "f",
              agent: "Lead",
              kind: "tool_call" as const,
              tool: { name: "final_answer", arguments: handedOver },
            },
          ]
        : []),
    ]);

  it("is unsupported where it is first stated", () => {
    const [f] = at(answered("Its first harbour master was Ivo Brandt."), "unsupported-answer");
    expect(f?.stepId).toBe("a");
    expect(f?.note).toMatch(/master was Ivo Brandt/);
    // As strong as an unsourced value in the answer: the whole answer has no source.
    expect(f?.score).toBeGreaterThan(OUTPUT_SCORE.unsupported);
    // With no output read at all.
    const unread = trace("Who was the first harbour master of Gull Harbour?", [
      { id: "p", agent: "Planner", kind: "message", content: "Lead, please answer from memory." },
      { id: "a", agent: "Lead", kind: "final", content: "Its first harbour master was Ivo Brandt." },
    ]);
    expect(at(unread, "unsupported-answer").map((x) => x.stepId)).toEqual(["a"]);
  });

  it("is read when the answer is one word passed to an answer tool, and its relation ends in a year", () => {
    const says = "The first harbour master of Gull Harbour in 1899 was Brandt.";
    const [f] = at(answered(says, undefined, JSON.stringify("Brandt")), "unsupported-answer");
    expect(f?.stepId).toBe("a");
    expect(f?.note).toMatch(/1899 was Brandt/);
    // Or quoted right after the noun that names him.
    const quoted = at(
      answered("Records name the pilot “Brandt” as its first master.", undefined, JSON.stringify("Brandt")),
      "unsupported-answer",
    );
    expect(quoted.map((x) => x.stepId)).toEqual(["a"]);
    // Near miss: the page names him, so the name has a source.
    const page = "Gull Harbour opened in 1898 under harbour master Brandt.";
    expect(at(answered(says, page, JSON.stringify("Brandt")), "unsupported-answer")).toEqual([]);
  });

  it("is read where the answer's name is written as a name without a relation before it", () => {
    const [f] = at(
      answered("Records show Brandt took the post first.", undefined, JSON.stringify("Brandt")),
      "unsupported-answer",
    );
    expect(f?.stepId).toBe("a");
    expect(f?.note).toMatch(/says Brandt, a name the answer gives/);
    // A longer name holding it is another name; the whole name after it is read.
    const both = answered("Records show Brandtson, then Brandt, in the post.", undefined, JSON.stringify("Brandt"));
    expect(at(both, "unsupported-answer")[0]?.note).toMatch(/says Brandt,/);
    // Quoted inside JSON arguments, the quote escaped.
    const escaped = answered('{"report": "the records name \\"Brandt\\" first"}', undefined, JSON.stringify("Brandt"));
    expect(at(escaped, "unsupported-answer").map((x) => x.stepId)).toEqual(["a"]);
    // Near miss: inside or at the end of a longer name, in a path, or opening a sentence, it is no name read.
    for (const says of [
      "Records show Brandtson took the post first.",
      "Records show VonBrandt took the post first.",
      "See harbour.example/masters/Brandt for the records.",
      "Brandt took the post first.",
    ])
      expect(at(answered(says, undefined, JSON.stringify("Brandt")), "unsupported-answer")).toEqual([]);
    // Or closing with the name alone after its lead words.
    const closed = trace("Who was the first harbour master of Gull Harbour?", [
      { id: "a", agent: "Lead", kind: "message", content: "Records show Ivo Brandt took the post first." },
      { id: "f", agent: "Lead", kind: "final", content: "FINAL ANSWER: Ivo Brandt." },
    ]);
    expect(at(closed, "unsupported-answer").map((x) => x.stepId)).toEqual(["a"]);
    // Near miss: an answer that says more than the name holds it as the writer's knowledge.
    expect(at(answered("Records show Ivo Brandt took the post first."), "unsupported-answer")).toEqual([]);
    // Near miss: a participant's name is how the team addresses itself.
    const addressed = trace("Who was the first harbour master of Gull Harbour?", [
      { id: "a", agent: "Lead", kind: "message", content: "Records show Brandt took the post first." },
      { id: "b", agent: "Brandt", kind: "message", content: "Lead, the archive is closed today." },
      {
        id: "f",
        agent: "Lead",
        kind: "tool_call",
        tool: { name: "final_answer", arguments: JSON.stringify("Brandt") },
      },
    ]);
    expect(at(addressed, "unsupported-answer")).toEqual([]);
  });

  it("near miss: a name inside a longer answer, or one a source holds, is not", () => {
    expect(at(answered("Its first harbour master was Ivo Brandt, who served 12 years."), "unsupported-answer")).toEqual(
      [],
    );
    expect(at(answered("The harbour was opened by Gull Harbour."), "unsupported-answer")).toEqual([]);
  });
});

describe("an answer stated on the line after its lead words", () => {
  it("is read when the line is the value, not when a list item merely starts with a name", () => {
    const t = codeRun("Rockhopper Penguin", "The output is:\n\n**Emperor Penguin**\n");
    expect(at(t, "contradicts-output")).toHaveLength(1);
    expect(issues(codeRun("Rockhopper Penguin", "The output is:\n\n- Emperor Penguin colonies are larger\n"))).toEqual(
      [],
    );
  });
});

describe("names written another way", () => {
  it("near miss: initials of the printed name, or the name with its country, agree with it", () => {
    expect(issues(codeRun("New York City", "The result is NYC."))).toEqual([]);
    expect(issues(codeRun("Paris", "The output is Paris, France."))).toEqual([]);
    expect(at(codeRun("New York City", "The result is Boston."), "contradicts-output")).toHaveLength(1);
  });
});

describe("a value stated under a label that a quoted page gave differently", () => {
  const page = (reply: string) => {
    const said = "I opened the film's page.";
    const content = `${said}\nTitle: The Blue Lagoon\nYear: 1980`;
    return trace("Find the title of the film on the page.", [
      { id: "web", agent: "Surfer", kind: "message", content, attributes: { [OBSERVATION_AT]: said.length } },
      { id: "lead", agent: "Lead", kind: "message", content: reply },
    ]);
  };

  it("is flagged at the step that misreads the page", () => {
    const [f] = at(page("The title is The Green Lagoon."), "contradicts-output");
    expect(f?.stepId).toBe("lead");
    expect(f?.note).toContain("Blue Lagoon");
  });

  it("near miss: the same title with its year is not", () => {
    expect(issues(page("The title is The Blue Lagoon (1980)."))).toEqual([]);
  });
});

describe("a value some other source holds", () => {
  const run = (reading: string) =>
    trace("Compute the total.", [
      { id: "code", agent: "Coder", kind: "message", content: "Last run gave 4300.\n```python\nprint(total())\n```" },
      { id: "out", agent: "Executor", kind: "tool_result", content: "4145" },
      { id: "read", agent: "Analyst", kind: "message", content: reading },
    ]);

  it("near miss: a value an earlier step gave is no misreading of this output", () => {
    expect(issues(run("The result was 4300 before the fix."))).toEqual([]);
  });

  it("a later statement of the same step that no source holds is still flagged", () => {
    const [f] = at(run("The result was 4300 before the fix; now the script printed 4245."), "contradicts-output");
    expect(f?.value).toBe("n:4245");
  });
});

describe("an option letter answered for a printed option text", () => {
  const task = "Which city hosts the office?\n(A) Lyon (B) Paris (C) Nice";
  it("is flagged when the letter names another option than the one printed", () => {
    expect(at(codeRun("Lyon", "The program printed B.", "B", task), "contradicts-output")).toHaveLength(1);
    expect(at(codeRun("Answer: Lyon", "The final answer is B.", "B", task), "contradicts-output")).toHaveLength(1);
  });

  it("reads the options from the task giver's opening message when the log records no task", () => {
    const t = codeRun("Lyon", "The program printed B.", "B", task);
    t.run.task = undefined;
    t.agents.push({ name: "User", kind: "task_giver" });
    t.steps.unshift({ ...t.steps[0], id: "ask", agent: "User", kind: "message", content: task });
    expect(at(t, "contradicts-output")).toHaveLength(1);
  });

  it("near miss: the letter of the printed option agrees; an answer is not held to an unlabelled print", () => {
    expect(issues(codeRun("Lyon", "The program printed A.", "A", task))).toEqual([]);
    // The code may print an intermediate value: only what an output gives as the answer checks an answer.
    expect(issues(codeRun("Lyon", "The final answer is B.", "B", task))).toEqual([]);
  });
});

describe("other ways to say what an output showed", () => {
  it("'the script gave', 'we got', 'the output indicates' are read", () => {
    expect(at(codeRun("4145", "The script gave 4245."), "contradicts-output")).toHaveLength(1);
    expect(at(codeRun("4145", "Running it, we got 4245 in total."), "contradicts-output")).toHaveLength(1);
    expect(at(codeRun("Lyon", "The output indicates Marseille."), "contradicts-output")).toHaveLength(1);
  });

  it("near miss: 'we got an error', 'the output indicates that …' are no values", () => {
    expect(
      issues(codeRun("4145", "We got an error on the second table, the output indicates that it is empty.")),
    ).toEqual([]);
  });
});

describe("a reply that gives a record's field under its label", () => {
  const record = "Record Kestrel Ridge\n  lens_kit: Tessar Prime\n  site: north";
  const ask = "Which lens kit does Kestrel Ridge use?";

  it("a name cased any way, up to the clause's end, is the value it gives", () => {
    const reply = "Kestrel Ridge's main lens kit: wide-angle Zeiss Planar. Checked twice.";
    const [f] = at(codeRun(record, reply, "Done.", ask), "contradicts-output");
    expect(f?.stepId).toBe("read");
    expect(f?.value).toBe("e:wide-angle zeiss planar");
    expect(f?.note).toContain('"Tessar Prime"');
  });

  it("near miss: the record's own value, or a value that is a sentence, says nothing against it", () => {
    expect(
      issues(codeRun(record, "Kestrel Ridge's main lens kit: Tessar Prime. Checked twice.", "Done.", ask)),
    ).toEqual([]);
    const sentence = "Kestrel Ridge's main lens kit: we could not tell from the record which one is used.";
    expect(issues(codeRun(record, sentence, "Done.", ask))).toEqual([]);
  });
});

describe("a yes/no answer to a yes/no task, read from a record", () => {
  const record = "Record Willowmere\n  organic: no\n  region: north";
  const ask = "Is Willowmere certified organic? Answer yes or no.";

  it("opening with the opposite of the record's one yes/no field is flagged", () => {
    const [f] = at(codeRun(record, "Yes, Willowmere is certified organic.", "Yes.", ask), "contradicts-output");
    expect(f?.stepId).toBe("read");
    expect(f?.value).toBe("y:yes");
    expect(f?.note).toContain('"no"');
    expect(at(codeRun(record, "Revised: Yes.", "Yes.", ask), "contradicts-output")).toHaveLength(1);
  });

  it("near miss: the same answer, a reply that only starts with the word, or a task that asks no yes/no question", () => {
    expect(issues(codeRun(record, "No, Willowmere is not certified organic.", "No.", ask))).toEqual([]);
    expect(issues(codeRun(record, "No problem, I will check the certificate next.", "Done.", ask))).toEqual([]);
    expect(
      issues(codeRun(record, "Yes, Willowmere is certified organic.", "Yes.", "Describe Willowmere's farm.")),
    ).toEqual([]);
  });

  it("near miss: a record with two yes/no fields does not say which one the answer read", () => {
    const two = "Record Willowmere\n  organic: no\n  irrigated: yes";
    expect(issues(codeRun(two, "Yes, Willowmere is certified organic.", "Yes.", ask))).toEqual([]);
  });

  it("a true/false field answers it too: yes is true, no is false", () => {
    const json = '{"entity": "Willowmere", "organic": false}';
    const [f] = at(codeRun(json, "The register says yes — Willowmere is organic.", "Yes.", ask), "contradicts-output");
    expect(f?.stepId).toBe("read");
    expect(f?.value).toBe("y:yes");
    expect(issues(codeRun(json, "The register says no — Willowmere is not organic.", "No.", ask))).toEqual([]);
    const yes = '{"entity": "Willowmere", "organic": true}';
    expect(issues(codeRun(yes, "The register says yes — Willowmere is organic.", "Yes.", ask))).toEqual([]);
  });
});
