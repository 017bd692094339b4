/** A total stated right after its parts is computed from them (stated-total.ts). Toys of our own. */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { detectUngroundedValues } from "../detectors/ungrounded-values";
import { statedTotals } from "./stated-total";

describe("a total of the parts listed before it", () => {
  it("is computed from the latest run of numbers before the aggregate word", () => {
    expect(statedTotals("Shelf A holds 7 jars, shelf B 8 and shelf C 8. The grand total is 23 jars.")).toEqual([
      { result: 23, operands: [8, 8, 7] },
    ]);
    expect(statedTotals("Rent is $1,200.50, food $310.25 and fares $89.25, for a total of $1,600.00.")).toEqual([
      { result: 1600, operands: [89.25, 310.25, 1200.5] },
    ]);
  });

  it("near misses: no aggregate word, parts that do not add up, a year among them, or a total before its parts", () => {
    expect(statedTotals("step 1, step 2, step 3")).toEqual([]);
    expect(statedTotals("Shelf A holds 7 jars and shelf B 8. The total is 16 jars.")).toEqual([]);
    expect(statedTotals("In 2019 the shop sold 12 jars; in total 2031.")).toEqual([]);
    expect(statedTotals("The total is 23: shelf A holds 7 jars, shelf B 8 and shelf C 8.")).toEqual([]);
  });

  it("leaves the total no ungrounded value, while a total that does not add up stays one", () => {
    const hits = (answer: string) => {
      const g = buildGraph(
        ZTrace.parse({
          schema: "culprit.trace/v1",
          run: {
            outcome: "failure",
            task: "Shelf A holds 17 jars, shelf B 18 and shelf C 28. How many jars are there?",
          },
          agents: [{ name: "counter" }, { name: "checker" }],
          steps: [
            { id: "s0", agent: "counter", kind: "message", content: "Reading the shelves now." },
            { id: "s1", agent: "checker", kind: "message", content: answer },
          ],
        }),
        DEFAULT_CONFIG,
      );
      return detectUngroundedValues({ g, config: DEFAULT_CONFIG, failed: true }).map((h) => h.evidence.note);
    };
    expect(hits("Shelf A holds 17 jars, shelf B 18 and shelf C 28. The grand total is 63 jars.").join()).not.toMatch(
      /\b63\b/,
    );
    expect(hits("Shelf A holds 17 jars, shelf B 18 and shelf C 28. The grand total is 64 jars.").join()).toMatch(
      /\b64\b/,
    );
  });
});
