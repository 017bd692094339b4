/**
 * A name misread from a page's prose ("directed by X" after a page that says "directed by Y") is a
 * contradiction of that output; a name the page holds anywhere, or a relation the page does not state,
 * is not. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";
import { misreadPhrase, phraseNames } from "./phrase-names";
import { OBSERVATION_AT } from "../../trace/canonical-attributes";

const PAGE = "Harbour Lights is a 2021 drama film directed by Mara Quist, produced in Lisbon by Tejo Pictures.";

function run(says: string) {
  return analyzeTrace(
    failedRun("Who directed the film Harbour Lights?", [
      { id: "c", agent: "Finder", kind: "tool_call", content: "web_search(q: Harbour Lights film director)" },
      { id: "r", agent: "search_api", kind: "tool_result", content: PAGE },
      { id: "a", agent: "Finder", kind: "message", content: says },
      { id: "w", agent: "Lead", kind: "final", content: `Answer: ${says}` },
    ]),
  );
}

describe("a name misread from prose", () => {
  it("contradicts the page that names someone else after the same words", () => {
    const r = run("Harbour Lights was directed by Ivo Brandt.");
    expect(detectorsAt(r, "a")).toContain("contradicts-output");
    expect(r.decisive?.stepId).toBe("a");
  });

  it("is no misread when the page holds the name anywhere, or states no such relation", () => {
    expect(misreadPhrase("It was produced in Portugal.", `${PAGE} Portugal's studios…`)).toBeNull();
    expect(misreadPhrase("It was written by Ivo Brandt.", PAGE)).toBeNull();
    expect(detectorsAt(run("Harbour Lights was directed by Mara Quist."), "a")).not.toContain("contradicts-output");
  });
});

describe("a name misread after a copula", () => {
  const PORT = "Gull Harbour opened in 1898. Its first harbour master was Mara Quist, a pilot from Lisbon.";
  it("contradicts the page that names someone else after the same noun and verb", () => {
    expect(misreadPhrase("The first harbour master was Ivo Brandt.", PORT)?.source.raw).toBe("Mara Quist");
  });

  it("reads a quoted name right after a noun as named by it, not one after said or an article", () => {
    const named = phraseNames("She cites the horror film “Harbour Lights” as the first.");
    expect(named.map((p) => [p.relation, p.name.raw])).toEqual([["film", "Harbour Lights"]]);
    // The quote is kept whole in what a note shows.
    expect("She cites the horror film “Harbour Lights” as the first.".slice(named[0].start, named[0].end)).toBe(
      "film “Harbour Lights”",
    );
    expect(phraseNames('The keeper said "Harbour Lights" twice, and the "Harbour Lights" sign stayed.')).toEqual([]);
  });

  it("reads a copula after a year as a relation, as after a noun", () => {
    const dated = "The harbour master in 1899 was Mara Quist.";
    expect(phraseNames(dated).map((p) => [p.relation, p.name.raw])).toEqual([["1899 was", "Mara Quist"]]);
    expect(misreadPhrase("The harbour master in 1899 was Ivo Brandt.", dated)?.source.raw).toBe("Mara Quist");
  });

  it("compares no pronoun's or answer's copula, and nothing the page holds", () => {
    expect(misreadPhrase("This was Ivo Brandt, I think.", "This was Mara Quist at the helm.")).toBeNull();
    expect(misreadPhrase("The answer is Ivo Brandt.", "The answer is Mara Quist.")).toBeNull();
    expect(misreadPhrase("The first harbour master was Mara Quist.", PORT)).toBeNull();
  });
});

describe("a name misread from a report the step observed", () => {
  it("contradicts the managed agent's report its execution log shows", () => {
    const log = "Execution logs:\nReport from the research agent: the film was directed by Mara Quist.";
    const r = analyzeTrace(
      failedRun("Who directed the film Harbour Lights?", [
        { id: "o", agent: "Manager", kind: "other", content: log, attributes: { [OBSERVATION_AT]: 0 } },
        { id: "a", agent: "Manager", kind: "llm", content: 'final_answer("The film was directed by Ivo Brandt.")' },
      ]),
    );
    expect(detectorsAt(r, "a")).toContain("contradicts-output");
    expect(r.decisive?.stepId).toBe("a");
  });
});
