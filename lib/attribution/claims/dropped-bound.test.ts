/**
 * A bound of the task that the answer breaks ("under $500" answered with $799): the fault is the
 * hand-over that dropped the bound, else the agent that chose the value although its instruction
 * kept it. Answers in another unit, or within the bound, are never read against it. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

const task = "Find me a laptop under $500 with 16 GB of memory.";

function run(managerSays: string, shopperSays: string) {
  return analyzeTrace(
    failedRun(task, [
      { id: "u", agent: "Client", kind: "message", content: task },
      { id: "m", agent: "Manager", kind: "message", content: managerSays },
      { id: "s", agent: "Shopper", kind: "message", content: shopperSays },
      { id: "f", agent: "Manager", kind: "final", content: `Recommendation: ${shopperSays}` },
    ]),
  );
}

describe("a bound of the task that the answer breaks", () => {
  it("is the hand-over's fault when the instruction dropped it", () => {
    const r = run("Shopper, please find a good laptop with 16 GB of memory.", "The Aurora 14 with 16 GB costs $799.");
    expect(detectorsAt(r, "m")).toContain("dropped-constraint");
    expect(r.decisive?.agent).toBe("Manager");
  });
  it("is the chooser's fault when the instruction kept it", () => {
    const r = run(
      "Shopper, please find a laptop under $500 with 16 GB of memory.",
      "The Aurora 14 with 16 GB costs $799.",
    );
    expect(detectorsAt(r, "s")).toContain("dropped-constraint");
    expect(detectorsAt(r, "m")).not.toContain("dropped-constraint");
  });
  it("is not read against an answer within the bound or in another unit", () => {
    for (const says of ["The Aurora 14 with 16 GB costs $479.", "The Aurora 14 has 16 GB and weighs 1.3 kg."]) {
      const r = run("Shopper, please find a good laptop with 16 GB of memory.", says);
      expect(r.steps.flatMap((s) => s.detectors.map((d) => d.name))).not.toContain("dropped-constraint");
    }
  });
});
