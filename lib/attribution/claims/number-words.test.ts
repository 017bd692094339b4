/**
 * A count the task writes in words is the task's when an agent writes it in digits: the restatement
 * is no invention. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { buildProvenance } from "./provenance";
import { factorWordNumbers, numberWordValues } from "./number-words";

const TASK =
  "A baker fills twelve trays with thirty-five rolls each and sells all but ninety. How many rolls are sold?";

describe("numbers a task writes in words", () => {
  it("are read as the numbers they name", () => {
    expect(numberWordValues(TASK)).toEqual(["n:12", "n:35", "n:90"]);
    expect(numberWordValues("Forty two, seventeen and zero")).toEqual(["n:42", "n:17"]);
  });

  it("leave out a number word inside a name, and a lone one or zero", () => {
    expect(numberWordValues("Compare Quay Seven with Pier Alder and report one figure.")).toEqual([]);
    expect(numberWordValues("Nine crates arrive. Then eleven more.")).toEqual(["n:9", "n:11"]);
    expect(numberWordValues("Inventory\nTwelve crates arrive")).toEqual(["n:12"]);
  });

  it("source an agent's restatement in digits", () => {
    const trace = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { task: TASK, outcome: "failure" },
      agents: [{ name: "asker", kind: "task_giver" }, { name: "Solver" }],
      steps: [
        { id: "s0", agent: "asker", kind: "message", content: TASK },
        {
          id: "s1",
          agent: "Solver",
          kind: "message",
          content: "There are 12 trays of 35 rolls, and 90 are kept back.",
        },
      ],
      edges: [],
    });
    const prov = buildProvenance(buildGraph(trace, DEFAULT_CONFIG));
    const sources = prov.records.filter((r) => r.step === 1).map((r) => [r.claim.value, r.source]);
    expect(sources).toEqual([
      ["n:12", "task"],
      ["n:35", "task"],
      ["n:90", "task"],
    ]);
  });

  it("give the factor a word of scale implies as an operand: halving a number of the task computes it", () => {
    expect(factorWordNumbers("half of them, then twice that")).toEqual(["2"]);
    const task = "A cook plans for 36 diners and makes enough for half of them to eat seconds. How many seconds?";
    const trace = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { task, outcome: "failure" },
      agents: [{ name: "asker", kind: "task_giver" }, { name: "Solver" }],
      steps: [
        { id: "s0", agent: "asker", kind: "message", content: task },
        { id: "s1", agent: "Solver", kind: "message", content: "Half of the diners can, so 18 of them have seconds." },
      ],
      edges: [],
    });
    const prov = buildProvenance(buildGraph(trace, DEFAULT_CONFIG));
    expect(prov.records.find((r) => r.step === 1 && r.claim.value === "n:18")?.source).toBe("derived");
  });
});
