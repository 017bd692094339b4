import type { TStepInput } from "../../trace/schema";

/** Builds a small step list for edge-rule tests: ids s0, s1, ... in the given order. */
export function steps(...specs: Partial<TStepInput>[]): TStepInput[] {
  return specs.map((s, i) => ({ id: `s${i}`, agent: "a", kind: "message", content: "", ...s }));
}
