/**
 * A reply to a record lookup that reports something else than the record gave: a bare yes/no, a
 * name said to be what the lookup returned, a short reply naming a name no source holds. And the
 * digits of a speaker's name, which are no values. Each case has a near miss that must stay quiet.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";
import { failedRun } from "../test-graphs";
import { buildProvenance } from "./provenance";
import { findOutputIssues } from "./output-findings";
import { trailingName } from "./lead-name";
import { blankSpeakerNames, speakerNamePattern } from "./speaker-names";
import { OBSERVATION_AT } from "../../trace/canonical-attributes";

type Step = TTraceInput["steps"][number];

/** A lookup of `record` by a clerk, the clerk's reply, and a closer who repeats it. */
function lookupRun(task: string, record: string, reply: string, clerk = "Clerk", closer = "Closer") {
  const steps: Step[] = [
    { id: "ask", agent: "user", kind: "message", content: task },
    { id: "call", agent: clerk, kind: "message", content: '```python\nprint(registry(entity="Harrow Yard"))\n```' },
    { id: "out", agent: "runner", kind: "tool_result", content: record },
    { id: "reply", agent: clerk, kind: "message", content: reply },
    { id: "fin", agent: closer, kind: "final", content: `Agreed with ${clerk}: ${reply}` },
  ];
  return failedRun(task, steps);
}

function findings(t: ReturnType<typeof failedRun>) {
  const g = buildGraph(t, resolveConfig({}));
  return findOutputIssues(g, buildProvenance(g)).map((f) => ({ ...f, stepId: g.steps[f.step].id }));
}

const RECORD = "Record Harrow Yard\n  foreman: Odile Brannock";
const TASK = "Who is the foreman of Harrow Yard?";
/** Makes a reply longer than a short one, without a word that states a result. */
const TAIL = " The yard keeps its rota on paper, so the office confirms it weekly.".repeat(4);

describe("a bare yes or no to a yes/no question", () => {
  const task = "Can you confirm whether Harrow Yard is licensed?";
  const record = '{"entity": "Harrow Yard", "licensed": "yes"}';

  it("contradicts the record's one yes/no field even without a word such as 'is' or 'answer'", () => {
    const [f] = findings(lookupRun(task, record, `No — I am sure of it.${TAIL}`));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.stepId).toBe("reply");
    expect(f?.value).toBe("y:no");
  });

  it("after a source that says it: 'The register says no — …'", () => {
    const [f] = findings(lookupRun(task, record, `The register says no — it lapsed.${TAIL}`));
    expect(f?.value).toBe("y:no");
    // What the reply says is a no; the closer who repeats it read no record afresh.
    expect(findings(lookupRun(task, record, "The register says no — it lapsed.")).map((x) => x.stepId)).toEqual([
      "reply",
    ]);
    expect(findings(lookupRun(task, record, `The register says no record of a licence exists.${TAIL}`))).toEqual([]);
  });

  it("as the position its opening sentence rules for: 'I put forward No.', 'My vote: No.'", () => {
    for (const reply of [`I put forward No. The lookup above backs it.${TAIL}`, `My vote: No.${TAIL}`]) {
      const [f] = findings(lookupRun(task, record, reply));
      expect(f?.name).toBe("contradicts-output");
      expect(f?.stepId).toBe("reply");
      expect(f?.value).toBe("y:no");
    }
    // Near misses: the same position as the record; a position ruled only after the opening sentence.
    expect(findings(lookupRun(task, record, `I put forward Yes. The lookup above backs it.${TAIL}`))).toEqual([]);
    expect(findings(lookupRun(task, record, `The yard was inspected in spring. I put forward No.${TAIL}`))).toEqual([]);
    // A name ruled for is no yes or no: it is not held to the record's fields as one.
    const named = '{"entity": "Harrow Yard", "licensed": "yes", "inspector": "Odile Brannock"}';
    expect(findings(lookupRun(task, named, `I put forward Tamsin Vell.${TAIL}`))).toEqual([]);
  });

  it("near miss: the same yes, or a no to a task that asks no yes/no question, is nothing", () => {
    expect(findings(lookupRun(task, record, "Yes — I am sure of it."))).toEqual([]);
    expect(findings(lookupRun("List the licences of Harrow Yard.", record, "No — I am sure of it."))).toEqual([]);
  });
});

describe("a name said to be what the lookup returned", () => {
  it("is compared with the one name the record gives besides the task's own", () => {
    const [f] = findings(lookupRun(TASK, RECORD, `The registry returned Tamsin Vell as the foreman.${TAIL}`));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:tamsin vell");
    expect(f?.note).toContain("Odile Brannock");
  });

  it("in a chat log that records no task, reads the task from the task giver's opening message", () => {
    const json = '{"entity": "Harrow Yard", "foreman": "Odile Brannock"}';
    const t = lookupRun(TASK, json, `The registry returned Tamsin Vell as the foreman.${TAIL}`);
    t.run.task = undefined;
    for (const a of t.agents) if (a.name === "user") a.kind = "task_giver";
    const [f] = findings(t);
    expect(f?.name).toBe("contradicts-output");
    expect(f?.note).toContain("Odile Brannock");
  });

  it("sets aside the record's own name when the task writes it, though one word is no claim", () => {
    const json = '{"entity": "Harrowgate", "foreman": "Odile Brannock"}';
    const [f] = findings(
      lookupRun("Who is the foreman of Harrowgate?", json, `The registry returned Tamsin Vell as the foreman.${TAIL}`),
    );
    expect(f?.name).toBe("contradicts-output");
    expect(f?.note).toContain("Odile Brannock");
    // Near miss: a task that does not name the record leaves two names, so which one was read is unknown.
    expect(
      findings(
        lookupRun("Who is the yard's foreman?", json, `The registry returned Tamsin Vell as the foreman.${TAIL}`),
      ),
    ).toEqual([]);
  });

  it("a name cased any way, up to the relation that follows it ('as the foreman')", () => {
    const record = "Record Harrow Yard\n  filter_set: Johnson UBV";
    const task = "What is the primary filter set of Harrow Yard?";
    const said = (name: string) => `The registry returned ${name} as the primary filter set for Harrow Yard.`;
    const [f] = findings(lookupRun(task, record, said("narrowband H-alpha")));
    expect(f?.value).toBe("e:narrowband h-alpha");
    expect(findings(lookupRun(task, record, said("Johnson UBV")))).toEqual([]);
    // No capital before the relation: no name.
    expect(findings(lookupRun(task, record, said("the wide band")))).toEqual([]);
  });

  it("near miss: a record with two such names says nothing about which one was read", () => {
    const two = `${RECORD}\n  deputy: Arno Queck`;
    expect(findings(lookupRun(TASK, two, `The registry returned Tamsin Vell as the foreman.${TAIL}`))).toEqual([]);
  });
});

describe("a name the reply's opening sentence rules for", () => {
  it("is held to the record's one answer field, to a task that asks no yes/no question", () => {
    const [f] = findings(lookupRun(TASK, RECORD, `I put forward Tamsin Vell. That is what the record shows.${TAIL}`));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.stepId).toBe("reply");
    expect(f?.value).toBe("e:tamsin vell");
  });

  it("a name cased any way too ('narrowband H-alpha')", () => {
    const record = "Record Harrow Yard\n  filter_set: Johnson UBV";
    const task = "What is the primary filter set of Harrow Yard?";
    const [f] = findings(lookupRun(task, record, "I put forward narrowband H-alpha. That is what the source shows."));
    expect(f?.value).toBe("e:narrowband h-alpha");
    // Near misses: the record's own value, and words with no capital, which are no name.
    expect(findings(lookupRun(task, record, "I put forward Johnson UBV. That is what the source shows."))).toEqual([]);
    expect(findings(lookupRun(task, record, "I put forward the wide band. That is what the source shows."))).toEqual(
      [],
    );
  });
});

describe("a short reply naming what no source names", () => {
  it("is a misread of the record it follows", () => {
    const [f] = findings(lookupRun(TASK, RECORD, "Here you go — Tamsin Vell."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.stepId).toBe("reply");
    expect(f?.note).toContain('gave "Odile Brannock"');
  });

  it("the record's own name, which the task states, is not the field it answers", () => {
    const json = '{"entity": "Harrow Yard", "foreman": "Odile Brannock"}';
    const [f] = findings(lookupRun(TASK, json, "Here you go — Tamsin Vell."));
    expect(f?.note).toContain('gave "Odile Brannock"');
  });

  it("the verdict names the reply, not the closer who repeats it", () => {
    const report = analyzeTrace(lookupRun(TASK, RECORD, "I put forward Tamsin Vell. The lookup backs it."));
    expect(report.decisive?.stepId).toBe("reply");
  });

  it("a reply that leads with a name set off by a dash answers with that name", () => {
    // One word opening the reply is no name claim of its own: the dash is what makes it the answer.
    const [f] = findings(lookupRun(TASK, RECORD, "Vellacott — it matches the record."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:vellacott");
    // It is where the concluded answer was first put forward, not the closer who agreed with it.
    const t = lookupRun(TASK, RECORD, "Vellacott — it matches the record.");
    t.run.attributes = { ...t.run.attributes, "culprit.termination": "concluded" };
    t.run.finalAnswer = "Vellacott";
    expect(analyzeTrace(t).decisive?.stepId).toBe("reply");
    // Near misses: the record's own name leading the reply; a name that only opens a sentence.
    expect(findings(lookupRun(TASK, RECORD, "Odile Brannock — it matches the record."))).toEqual([]);
    expect(findings(lookupRun(TASK, RECORD, "Checked it against the record."))).toEqual([]);
  });

  it("a reply that closes with a name after a dash answers with that name", () => {
    const [f] = findings(lookupRun(TASK, RECORD, "Checked the register — Vellacott."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:vellacott");
    // A name after the dash is the answer even when a capitalised phrase opens the reply.
    expect(findings(lookupRun(TASK, RECORD, "Register check — Vellacott."))[0]?.value).toBe("e:vellacott");
    // Near misses: the record's own name closing the reply; more than a name after the dash.
    expect(findings(lookupRun(TASK, RECORD, "Checked the register — Odile Brannock."))).toEqual([]);
    expect(findings(lookupRun(TASK, RECORD, "Checked the register — Vellacott runs it now, I think."))).toEqual([]);
  });

  it("near misses: the record's name restated, a name the task holds, two unsourced names, a long text", () => {
    expect(findings(lookupRun(TASK, RECORD, "Here you go — Odile Brannock, not Tamsin Vell."))).toEqual([]);
    expect(findings(lookupRun(`${TASK} Not Tamsin Vell.`, RECORD, "Here you go — Tamsin Vell."))).toEqual([]);
    expect(findings(lookupRun(TASK, RECORD, "Either Tamsin Vell or Corin Daly."))).toEqual([]);
    expect(findings(lookupRun(TASK, RECORD, `Here you go — Tamsin Vell.${TAIL}`))).toEqual([]);
  });
});

describe("a record field whose value is a phrase of any case", () => {
  const task = "Which glaze does the Harrow Yard kiln fire with?";

  it("is one value, whole, that a reply naming something else contradicts", () => {
    for (const record of [
      '{"entity": "Harrow Yard", "glaze": "celadon Mk-II"}',
      "Record Harrow Yard\n  glaze: Tenmoku brown",
    ]) {
      const [f] = findings(lookupRun(task, record, "Here you go — Shino White."));
      expect(f?.name).toBe("contradicts-output");
      expect(f?.note).toMatch(/gave "(?:celadon Mk-II|Tenmoku brown)"/);
    }
  });

  it("near misses: a field that holds more than one phrase, a list of choices, or words with no capital", () => {
    for (const glaze of ["celadon Mk-II, reduction fired", "Celadon|Tenmoku|Shino", "reduction fired celadon"]) {
      const record = `{"entity": "Harrow Yard", "glaze": "${glaze}"}`;
      expect(findings(lookupRun(task, record, "Here you go — Shino White."))).toEqual([]);
    }
  });

  it("a reply that leads with such a name, cased any way, up to a dash answers with it whole", () => {
    const record = "Record Harrow Yard\n  glaze: Tenmoku brown";
    const [f] = findings(lookupRun(task, record, "Shino milky — the lookup above backs it."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:shino milky");
    // Near misses: a clause before the dash, a verb opening it, the record's own value.
    expect(findings(lookupRun(task, record, "Shino is right — the lookup above backs it."))).toEqual([]);
    expect(findings(lookupRun(task, record, "Checked the register — it backs the record."))).toEqual([]);
    expect(findings(lookupRun(task, record, "Tenmoku brown — the lookup above backs it."))).toEqual([]);
  });

  it("a name cased any way that closes a reply after a dash answers with it whole", () => {
    const record = "Record Harrow Yard\n  glaze: Tenmoku brown";
    const [f] = findings(lookupRun(task, record, "Looked it up — Shino milky."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:shino milky");
    // Near miss: the record's own value.
    expect(findings(lookupRun(task, record, "Looked it up — Tenmoku brown."))).toEqual([]);
  });

  it("a reply led by a name that opens in lower case, up to a dash, answers with it whole", () => {
    const record = "Record Harrow Yard\n  glaze: Tenmoku brown";
    const [f] = findings(lookupRun(task, record, "celadon Mk-II — I am confident in this one."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:celadon mk-ii");
    // Near misses: words cased as a sentence is, not as a name; the record's own value in lower case.
    expect(findings(lookupRun(task, record, "good catch — I am confident in this one."))).toEqual([]);
    expect(findings(lookupRun(task, record, "tenmoku Brown — I am confident in this one."))).toEqual([]);
  });

  it("a name that opens in lower case and closes a reply after a dash answers with it whole", () => {
    const record = "Record Harrow Yard\n  glaze: Tenmoku brown";
    const [f] = findings(lookupRun(task, record, "Looked it up — celadon Mk-II."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:celadon mk-ii");
    expect(trailingName("Looked it up — celadon Mk-II.")?.raw).toBe("celadon Mk-II");
    // Near misses: words with no capital, a clause, the record's own value in lower case.
    expect(findings(lookupRun(task, record, "Looked it up — reduction fired."))).toEqual([]);
    expect(findings(lookupRun(task, record, "Looked it up — it is in the Mk-II."))).toEqual([]);
    expect(findings(lookupRun(task, record, "Looked it up — tenmoku Brown."))).toEqual([]);
  });

  it("a name that closes a reply after a label's colon answers with it", () => {
    const record = "Record Harrow Yard\n  glaze: Tenmoku brown";
    const [f] = findings(lookupRun(task, record, "Harrow Yard's kiln glaze: Shino White."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:shino white");
    // Near misses: the record's own value; a clause after the colon; a time of day.
    expect(findings(lookupRun(task, record, "Harrow Yard's kiln glaze: Tenmoku brown."))).toEqual([]);
    expect(findings(lookupRun(task, record, "Kiln log: Fired twice this week."))).toEqual([]);
    expect(findings(lookupRun(task, record, "Kiln fired at 12:30."))).toEqual([]);
    // Two sentences after the colon are more than a name; an initial does not end a sentence.
    expect(trailingName("Decision: Shino. Closing the round.")).toBeNull();
    expect(trailingName("Glaze maker: St. Ives pottery.")?.value).toBe("e:st. ives pottery");
  });

  it("a name that closes a reply after 'is', written with a capital as only a name is, answers with it", () => {
    // No label of the record in the reply, and a one-word name (no claim): only the closing name says
    // what it read.
    const [f] = findings(lookupRun(TASK, RECORD, "The one in charge there is Quillon."));
    expect(f?.name).toBe("contradicts-output");
    expect(f?.value).toBe("e:quillon");
    // Near misses: the record's own value; a word after "is" that is no name.
    expect(findings(lookupRun(TASK, RECORD, "The one in charge there is Odile Brannock."))).toEqual([]);
    expect(findings(lookupRun(TASK, RECORD, "The one in charge there is away today."))).toEqual([]);
    // Under the record's own label, lower-case words describe the holder: no second foreman.
    expect(findings(lookupRun(TASK, RECORD, "The foreman of Harrow Yard is away today."))).toEqual([]);
    expect(trailingName("The foreman is Tamsin Vell. The office is closed.")).toBeNull();
  });

  it("another speaker's words right after the lookup comment on it: no misread", () => {
    const done = lookupRun(TASK, RECORD, "Here you go — Odile Brannock.").steps;
    const review: Step = {
      id: "review",
      agent: "Reviewer",
      kind: "message",
      content: "Small thing — name the source in the sentence, then I'll sign off.",
    };
    expect(findings(failedRun(TASK, [...done.slice(0, 3), review, ...done.slice(3)]))).toEqual([]);
  });

  it("a page its own speaker quoted is its lookup: the reply after it reports it", () => {
    const opened = "I opened the yard's page.";
    const t = failedRun(TASK, [
      { id: "ask", agent: "user", kind: "message", content: TASK },
      { id: "lead", agent: "Lead", kind: "message", content: "Surfer, find the yard's foreman." },
      {
        id: "web",
        agent: "Surfer",
        kind: "message",
        content: `${opened}\nforeman: Odile Brannock`,
        attributes: { [OBSERVATION_AT]: opened.length },
      },
      { id: "reply", agent: "Surfer", kind: "message", content: "Here you go — Tamsin Vell." },
    ]);
    expect(findings(t).map((f) => [f.name, f.stepId])).toEqual([["contradicts-output", "reply"]]);
  });

  it("near misses: the reply names the whole phrase, or a part of it", () => {
    const record = '{"entity": "Harrow Yard", "glaze": "celadon Mk-II"}';
    expect(findings(lookupRun(task, record, "Here you go — celadon Mk-II."))).toEqual([]);
    expect(findings(lookupRun(task, record, "Here you go — the Mk-II celadon."))).toEqual([]);
    expect(findings(lookupRun(task, "Record Harrow Yard\n  glaze: Tenmoku brown", "Here you go — Tenmoku."))).toEqual(
      [],
    );
  });
});

describe("the digits of a speaker's name", () => {
  it("are no value the speaker states", () => {
    const t = lookupRun(TASK, RECORD, "Here you go — Odile Brannock.", "clerk-47", "Closer");
    const report = analyzeTrace(t);
    const said = (report.claims ?? []).filter((c) => c.value === "n:47");
    expect(said).toEqual([]);
    const g = buildGraph(t, resolveConfig({}));
    expect(g.features[g.indexOf.get("fin")!].claimNumbers).not.toContain("47");
  });

  it("only names whose digits a number scan would read are looked for ('agent7' gives no number)", () => {
    expect(speakerNamePattern(["agent7", "agent_7", "Planner"])).toBeNull();
    expect(speakerNamePattern(["unit-12", "Agent 2"])?.source).toContain("unit-12");
    expect(blankSpeakerNames("unit-1 and unit-12 agree", speakerNamePattern(["unit-1", "unit-12"]))).toBe(
      `${" ".repeat(6)} and ${" ".repeat(7)} agree`,
    );
  });

  it("near miss: the same number written as a quantity still is", () => {
    const t = lookupRun(TASK, RECORD, "Here you go — Odile Brannock.", "clerk-47", "Closer");
    t.steps[4].content = "Agreed with clerk-47: 47 crates, Odile Brannock.";
    const g = buildGraph(t, resolveConfig({}));
    expect(g.features[g.indexOf.get("fin")!].claimNumbers.filter((x) => x === "47")).toHaveLength(1);
  });
});
