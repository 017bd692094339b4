/**
 * Small whole numbers never make an unsourced finding, so searching how a step derived them must not
 * use up the searches of the values that can: a sum stated after eight small numbers is still
 * found to be derived. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { buildProvenance } from "./provenance";

const sourceOf = (value: string, said: string) => {
  const g = buildGraph(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Combine the 8 crates of the east dock and the 9 of the west dock." },
      agents: [{ name: "Clerk" }],
      steps: [{ id: "s1", agent: "Clerk", kind: "message", content: said }],
    }),
    resolveConfig({}),
  );
  return buildProvenance(g).records.find((r) => r.claim.value === value)?.source;
};

describe("the derivation searches of a step", () => {
  it("are not used up by small whole numbers", () => {
    const said = "Shelves 1, 0, 5, 6, 7, 4, 2 and 3 are empty; together the docks hold 17 crates.";
    expect(sourceOf("n:17", said)).toBe("derived");
  });

  it("near miss: a value no operation at hand gives is still introduced", () => {
    const said = "Shelves 1, 0, 5, 6, 7, 4, 2 and 3 are empty; together the docks hold 97 crates.";
    expect(sourceOf("n:97", said)).toBe("none");
  });
});
