/** Typographic spaces and hyphens are read as plain ones (readable-trace.ts). Toys of our own. */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { analyzeTrace } from "./index";
import { plainText, readableTrace } from "./readable-trace";

const run = (relayed: string) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Which day did the museum open its east wing?" },
    agents: [{ name: "searcher" }, { name: "writer" }],
    steps: [
      {
        id: "s0",
        agent: "searcher",
        kind: "message",
        content: "The archive page says the east wing opened on 2019-05-14.",
      },
      { id: "s1", agent: "writer", kind: "message", content: relayed },
    ],
  });

describe("readable text", () => {
  it("maps each typographic space or hyphen to one plain character, so offsets hold", () => {
    const text = "March\u202f17\u202f–\u202f21, 2022\u201103\u201117, \u22125\u00a0°C";
    expect(plainText(text)).toBe("March 17 – 21, 2022-03-17, -5 °C");
    expect(plainText(text)).toHaveLength(text.length);
    const plain = "nothing to change";
    expect(plainText(plain)).toBe(plain);
  });

  it("keeps the trace it was given and every text field's place", () => {
    const trace = run("It opened on 2019\u201105\u201114.");
    const read = readableTrace(trace);
    expect(read.steps[1].content).toBe("It opened on 2019-05-14.");
    expect(trace.steps[1].content).toBe("It opened on 2019\u201105\u201114.");
    expect(read.steps[0]).toBe(trace.steps[0]);
  });

  it("reads a date written with non-breaking hyphens as the date it relays, not as loose numbers", () => {
    const relayed = analyzeTrace(run("The east wing opened on 2019\u201105\u201114."));
    expect(relayed.decisive?.agent).toBe("searcher");
    const changed = analyzeTrace(run("The east wing opened on 2019\u201105\u201117."));
    expect(changed.decisive?.agent).toBe("writer");
    expect(changed.decisive?.evidence.note).toContain("2019-05-17");
  });
});
