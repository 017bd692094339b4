import { describe, expect, it } from "vitest";
import { detectRepetitionLoop } from "./repetition-loop";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { ZTrace, type TTraceInput } from "../../trace/schema";

const loops = (steps: TTraceInput["steps"]) => {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
  });
  const config = resolveConfig();
  return detectRepetitionLoop({ g: buildGraph(t, config), config, failed: true }).map((h) => h.evidence.stepIds);
};

const FRAME = [
  "Please review the warehouse tally program below against the dock manager's request.",
  "Check that every crate on the manifest is counted once, that damaged crates are set apart,",
  "and that the nightly report lists the carrier, the bay and the seal number for each load.",
  "Reply with one comment of the highest priority, or with the word APPROVED.",
].join("\n");
const v1 =
  "tally.py\n```python\ndef tally(manifest):\n    total_crates = count_crates(manifest)\n    return total_crates\n```";
const v2 =
  "tally.py\n```python\ndef tally(manifest):\n    total_crates = count_crates(manifest, skip_damaged=True)\n    return total_crates\n```";
const step = (id: string, agent: string, content: string) => ({ id, agent, kind: "message" as const, content });

describe("a near-repeat whose new lines come from the steps in between relays news", () => {
  it("a review request re-sent around the revised code is no loop", () => {
    const steps = [
      step("r1", "Lead", `${FRAME}\n${v1}`),
      step("c2", "Coder", `Revised as asked:\n${v2}`),
      step("r2", "Lead", `${FRAME}\n${v2}`),
    ];
    expect(loops(steps)).toEqual([]);
  });
  it("near miss: the same request sent again with nothing new is a repeat", () => {
    const steps = [
      step("r1", "Lead", `${FRAME}\n${v1}`),
      step("c2", "Coder", `Revised as asked:\n${v2}`),
      step("r2", "Lead", `${FRAME}\n${v1}`),
    ];
    expect(loops(steps)).toEqual([["r2", "r1"]]);
  });
  it("near miss: a new line no step in between wrote is the speaker's own, and the rest repeats", () => {
    const steps = [
      step("r1", "Lead", `${FRAME}\n${v1}`),
      step("c2", "Coder", "I could not change it this time."),
      step("r2", "Lead", `${FRAME}\n${v2}`),
    ];
    expect(loops(steps)).toEqual([["r2", "r1"]]);
  });
});
