import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { relayedNameChange, stepNames } from "./relayed-name";
import { OBSERVATION_AT } from "../../trace/canonical-attributes";

const REPORT =
  "In 1813, during a long campaign, he joined the Harbour Guard. This unit, made up of pilots, shaped his later work.";

describe("relayedNameChange", () => {
  it("finds a sentence relayed word for word with another name in one place", () => {
    const r = relayedNameChange(
      "Summary: in 1813, during a long campaign, he joined Ivo Brandt. This unit, made up of pilots, mattered.",
      REPORT,
    );
    expect([r?.said.raw, r?.source.raw]).toEqual(["Ivo Brandt", "Harbour Guard"]);
  });

  it("near miss: the same name, a name the text holds, a changed tail, or the text's name given too", () => {
    expect(
      relayedNameChange("during a long campaign, he joined the Harbour Guard. This unit, made up", REPORT),
    ).toBeNull();
    expect(
      relayedNameChange(
        "during a long campaign, he joined Ivo Brandt. This unit, made up",
        `${REPORT} Ivo Brandt wrote it.`,
      ),
    ).toBeNull();
    expect(
      relayedNameChange("during a long campaign, he joined Ivo Brandt and then left for home.", REPORT),
    ).toBeNull();
    expect(
      relayedNameChange(
        "during a long campaign, he joined Ivo Brandt. This unit, not the Harbour Guard, made up",
        REPORT,
      ),
    ).toBeNull();
  });

  it("compares a name with four words before it and two after, and no name with fewer", () => {
    expect(relayedNameChange("long campaign, he joined Ivo Brandt. This unit", REPORT)?.said.raw).toBe("Ivo Brandt");
    expect(relayedNameChange("campaign, he joined Ivo Brandt. This unit", REPORT)).toBeNull();
    expect(relayedNameChange("long campaign, he joined Ivo Brandt. This", REPORT)).toBeNull();
  });
});

describe("a report relayed with a name changed", () => {
  const TASK = "Which unit did the cartographer join in 1813?";

  it("is where the name changed, in a chat's relayed message", () => {
    const t = failedRun(TASK, [
      { id: "s", agent: "Searcher", kind: "message", content: `From the archive: ${REPORT}` },
      {
        id: "m",
        agent: "Manager",
        kind: "message",
        content:
          "Relaying: in 1813, during a long campaign, he joined Ivo Brandt. This unit, made up of pilots, shaped his later work.",
      },
      { id: "f", agent: "Manager", kind: "final", content: "Final answer: Ivo Brandt" },
    ]);
    const r = analyzeTrace(t);
    expect(r.decisive?.stepId).toBe("m");
    expect(r.decisive?.evidence.note).toMatch(/joined Ivo Brandt, but step 1 gives "Harbour Guard" there/);
  });

  it("is where the name changed, in a tool output the step read", () => {
    const t = failedRun(TASK, [
      {
        id: "q",
        agent: "Manager",
        kind: "tool_call",
        tool: { name: "search", arguments: { q: "cartographer 1813" }, result: REPORT },
      },
      {
        id: "m",
        agent: "Manager",
        kind: "message",
        content:
          "So in 1813, during a long campaign, he joined Ivo Brandt. This unit, made up of pilots, shaped his later work.",
      },
      { id: "f", agent: "Manager", kind: "final", content: "Final answer: Ivo Brandt" },
    ]);
    expect(analyzeTrace(t).decisive?.evidence.note).toMatch(/joined Ivo Brandt, but step 1 gave "Harbour Guard" there/);
  });

  it("is where the name changed, when the report comes through an execution log the manager observed", () => {
    const log = `Execution logs:\nReport from the research agent: ${REPORT}`;
    const t = failedRun(TASK, [
      { id: "o", agent: "Manager", kind: "other", content: log, attributes: { [OBSERVATION_AT]: 0 } },
      {
        id: "a",
        agent: "Manager",
        kind: "llm",
        content: `final_answer("""In 1813, during a long campaign, he joined Ivo Brandt. This unit, made up of pilots.""")`,
      },
    ]);
    expect(detectorsAt(analyzeTrace(t), "a")).toContain("contradicts-output");
  });

  it("near miss: a changed name the answer does not carry is no relay of the report", () => {
    const t = failedRun(TASK, [
      { id: "s", agent: "Searcher", kind: "message", content: REPORT },
      {
        id: "m",
        agent: "Manager",
        kind: "message",
        content: "In 1813, during a long campaign, he joined Ivo Brandt. This unit, made up of pilots, shaped him.",
      },
      { id: "f", agent: "Manager", kind: "final", content: "Final answer: the Harbour Guard." },
    ]);
    expect(detectorsAt(analyzeTrace(t), "m")).not.toContain("contradicts-output");
  });
});

describe("a report relayed with a number changed", () => {
  const TALLY = "Which unit did the cartographer join, and how many pilots did it have?";
  // 178 is 131 + 47: one operation on the report's numbers makes it, yet the relay restates a count.
  const COUNT =
    "The Harbour Guard counted 47 boats. During a long campaign, the unit had 131 pilots on its rolls, the archive says.";
  const relay = (said: string, answer: string) =>
    analyzeTrace(
      failedRun(TALLY, [
        {
          id: "q",
          agent: "Searcher",
          kind: "tool_call",
          tool: { name: "search", arguments: { q: "cartographer unit pilots" }, result: COUNT },
        },
        { id: "s", agent: "Searcher", kind: "message", content: `From the archive: ${COUNT}` },
        { id: "m", agent: "Manager", kind: "message", content: `Relaying: ${said}` },
        { id: "f", agent: "Manager", kind: "final", content: `Final answer: ${answer}` },
      ]),
    );

  it("is where the number changed, though an operation on the report's numbers makes it", () => {
    const r = relay("during a long campaign, the unit had 178 pilots on its rolls.", "178 pilots");
    expect(r.decisive?.stepId).toBe("m");
    expect(r.decisive?.evidence.note).toMatch(/the unit had 178, but step 2 gives "131" there/);
  });

  it("near miss: a step that gives the report's number too, or a number the answer does not carry", () => {
    const both = relay("during a long campaign, the unit had 178 pilots on its rolls (131 listed).", "178 pilots");
    expect(detectorsAt(both, "m")).not.toContain("contradicts-output");
    const elsewhere = relay("during a long campaign, the unit had 178 pilots on its rolls.", "47 boats");
    expect(detectorsAt(elsewhere, "m")).not.toContain("contradicts-output");
  });
});

describe("the places a lead-in is compared at", () => {
  it("are found by the lead-in's last two words, and at most 64 of them are compared", () => {
    const said = "Summary: in 1813, during a long campaign, he joined Ivo Brandt. This unit, made up of pilots.";
    const listed = (times: number) => `${"a long campaign, he joined the ranks. ".repeat(times)}${REPORT}`;
    expect(relayedNameChange(said, listed(40))?.source.raw).toBe("Harbour Guard");
    expect(relayedNameChange(said, listed(70))).toBeNull();
  });
});

describe("stepNames", () => {
  it("keeps a figure with four words before it and two after, in the shortest text that holds them", () => {
    expect(stepNames("a b c d 7 e f", true)?.names.map((n) => n.name.raw)).toEqual(["7"]);
    expect(stepNames("a b c d 7 e", true)).toBeNull();
    expect(stepNames("a b c 7 e f", true)).toBeNull();
  });
});
