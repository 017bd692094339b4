import { describe, expect, it } from "vitest";
import {
  buildHeadline,
  fit,
  HARD_MAX,
  headlineInput,
  listOf,
  reportHeadline,
  SOFT_MAX,
  type HeadlineInput,
} from "./headline";
import { humanizeStepRefs, stepPositions, stepRangeLabel } from "./step-number";
import { researchReport } from "./test-fixtures";

const positions = stepPositions(["s0", "s1", "s2", "s3", "s4", "s5"]);
const base = (over: Partial<HeadlineInput> = {}): HeadlineInput => ({
  outcome: "failure",
  decisionSource: "evidence",
  decisive: { agent: "Researcher", stepId: "s3", confidence: 0.9 },
  rule: "value-provenance",
  wrongValues: ["n:1532"],
  channelPath: [
    { fromAgent: "Researcher", toAgent: "Analyst" },
    { fromAgent: "Analyst", toAgent: "Writer" },
  ],
  interaction: "amplified",
  agents: [
    { agent: "Researcher", role: "culprit" },
    { agent: "Analyst", role: "propagator" },
  ],
  decisiveDetectors: [{ name: "false-success-claim", note: "claims success right after tool output s2 failed" }],
  decisiveClaims: [{ detector: "unsourced-value", value: "n:1532", quote: "1532", reachesAnswer: true }],
  positions,
  ...over,
});
const HEX = /\b[0-9a-f]{12,}\b/;

describe("buildHeadline", () => {
  it("says who, the step number, what it did and how it reached the answer", () => {
    const h = buildHeadline(base());
    expect(h.sentence).toBe(
      "Researcher (step 4) stated 1532 with no source right after its tool call failed; the number reached the answer through Analyst and Writer.",
    );
    expect(h.kind).toBe("culprit");
    expect(h.evidence[0]).toEqual({
      text: "Not found in the task, a tool output or any step it could see",
      quote: "1532",
      stepId: "s3",
    });
    expect(h.evidence.some((b) => b.text === "Claims success right after the tool output of step 3 failed")).toBe(true);
    expect(h.why[0]).toMatch(/traced each value/);
    expect(h.confidence).toBe("High");
  });

  it("names a step by its position, never by its id, and keeps the sentence short", () => {
    const hex = "6310949eab3e9b67";
    const h = buildHeadline(
      base({
        decisive: { agent: "agent", stepId: hex, confidence: 0.6 },
        positions: stepPositions(["a1b2c3d4e5f60718", hex]),
        decisiveClaims: [
          {
            detector: "unsourced-value",
            value: "u:x",
            quote: `https://example.com/${"very-long-path/".repeat(10)}`,
            reachesAnswer: true,
          },
        ],
        channelPath: ["A", "B", "C", "D", "E"].map((a, i) => ({
          fromAgent: i ? "ABCDEFGHIJKLMNOP"[i] : "agent",
          toAgent: `${a}_Very_Long_Agent_Name`,
        })),
      }),
    );
    expect(h.sentence).toContain("agent (step 2)");
    expect(h.sentence).not.toMatch(HEX);
    expect(h.sentence.length).toBeLessThanOrEqual(SOFT_MAX);
    expect(h.sentence).toMatch(/through 5 agents\.$/);
  });

  it("words an unknown outcome and a prior as suspects, and an undetermined verdict by its suspects", () => {
    expect(buildHeadline(base({ outcome: "unknown" })).sentence).toMatch(
      /^Suspect \(outcome unknown\): Researcher \(step 4\)/,
    );
    expect(buildHeadline(base({ outcome: "unknown" })).kind).toBe("suspect");
    const prior = buildHeadline(
      base({ decisionSource: "prior", rule: "exposure-prior", decisiveClaims: [], decisiveDetectors: [] }),
    );
    expect(prior.sentence).toMatch(/^Weak suspect: Researcher \(step 4\)/);
    expect(prior.confidence).toBeNull();
    // Each prior gives its own reason: a carried-out request is no agent's substantive work.
    expect(prior.sentence).toContain("did the most substantive work");
    const request = buildHeadline(
      base({ decisionSource: "prior", rule: "request-carried-out", decisiveClaims: [], decisiveDetectors: [] }),
    );
    expect(request.sentence).toContain("the agent's last change did what this turn asked");
    expect(request.sentence).not.toContain("substantive work");
    const undetermined = buildHeadline(
      base({
        decisionSource: "undetermined",
        decisive: null,
        suspects: [
          { agent: "Analyst", stepId: "s4", probability: 0.41 },
          { agent: "Writer", stepId: "s5", probability: 0.22 },
        ],
      }),
    );
    expect(undetermined.sentence).toBe(
      "Undetermined: no single cause is clear. Top suspects: Analyst (step 5, 41%) and Writer (step 6, 22%).",
    );
    expect(undetermined.agent).toBe("Analyst");
    expect(undetermined.evidence).toEqual([]);
    expect(buildHeadline(base({ decisionSource: "undetermined", decisive: null })).sentence).toMatch(
      /no agent is named/,
    );
    expect(buildHeadline(base({ outcome: "unknown", decisive: null, decisionSource: "undetermined" })).kind).toBe(
      "unknown",
    );
    expect(buildHeadline(base({ outcome: "success", decisive: null })).sentence).toBe(
      "The run succeeded; no agent is blamed.",
    );
  });

  it("says co-culprits as such and puts the engine's reasons first", () => {
    const h = buildHeadline(
      base({
        agents: [
          { agent: "Researcher", role: "culprit" },
          { agent: "Writer", role: "culprit" },
        ],
        reasons: [
          {
            feature: "f",
            text: "its number appears in no tool output before s3",
            stepIds: ["s3"],
            quote: "= 1532",
            weight: 2,
          },
        ],
      }),
    );
    expect(h.coCulprits).toEqual(["Writer"]);
    expect(h.why.some((w) => w.includes("Writer shares the blame as co-culprit"))).toBe(true);
    expect(h.evidence[0]).toEqual({
      text: "Its number appears in no tool output before step 4",
      quote: "= 1532",
      stepId: "s3",
    });
  });

  it("quotes the value a reason is about, not the step's opening, where the step has a flagged claim", () => {
    const opening = "Successfully retrieved the figures. Q3 revenue: Osaka South = 1532 (JPY millions).";
    const h = buildHeadline(
      base({
        reasons: [
          {
            feature: "rule:value-provenance",
            text: "it is the earliest origin",
            stepIds: ["s3"],
            quote: opening,
            weight: 1,
          },
          {
            feature: "det:false-success-claim",
            text: "it claimed success",
            stepIds: ["s3"],
            quote: opening,
            weight: 0.8,
          },
        ],
      }),
    );
    expect(h.evidence[0]).toMatchObject({ text: "It is the earliest origin", quote: "1532", stepId: "s3" });
    // A reason with no claim of its own quotes the step's first sentence.
    expect(h.evidence[1]).toMatchObject({ text: "It claimed success", quote: "Successfully retrieved the figures." });
  });

  it("reads a full report: the fixture's decisive step s4 is the trace's fourth step", () => {
    const input = headlineInput(researchReport());
    expect(input.positions.get("s4")).toBe(3);
    const h = reportHeadline(researchReport());
    expect(h.sentence).toBe(
      "Researcher (step 4) claimed success right after its tool call failed; the error travelled on to Analyst and Writer.",
    );
  });
});

describe("fit and listOf", () => {
  it("takes the first form within the soft limit, else cuts the shortest at a word below the hard limit", () => {
    expect(fit(["x".repeat(150), "short."])).toBe("short.");
    expect(fit([`${"x".repeat(150)}.`])).toHaveLength(151);
    const cut = fit([`${"word ".repeat(60)}end.`]);
    expect(cut.length).toBeLessThanOrEqual(HARD_MAX);
    expect(cut.endsWith("word…")).toBe(true);
  });
  it("joins names in plain English", () => {
    expect(listOf(["A"], 3)).toBe("A");
    expect(listOf(["A", "B"], 3)).toBe("A and B");
    expect(listOf(["A", "B", "C"], 3)).toBe("A, B and C");
    expect(listOf(["A", "B", "C", "D", "E"], 3)).toBe("A, B and 3 more");
  });
});

describe("step numbers", () => {
  it("rewrites only this run's step ids in engine notes", () => {
    const p = stepPositions(["m0", "m1", "s10"]);
    expect(humanizeStepRefs("says x is gold, but tool output m0 established silver", p)).toBe(
      "says x is gold, but the tool output of step 1 established silver",
    );
    expect(humanizeStepRefs("reply covers 0% of the instruction in s10; see step m1.", p)).toBe(
      "reply covers 0% of the instruction in step 3; see step 2.",
    );
    expect(humanizeStepRefs("s11 and m0x stay", p)).toBe("s11 and m0x stay");
    expect(stepRangeLabel([38, 58])).toBe("steps 39–59");
    expect(stepRangeLabel([4, 4])).toBe("step 5");
  });
});

describe("headline for the request detectors", () => {
  const only = (name: string, note: string) =>
    buildHeadline(
      base({
        decisive: { agent: "Customer", stepId: "s3", confidence: 0.7 },
        rule: "evidence",
        wrongValues: [],
        channelPath: [],
        decisiveClaims: [],
        decisiveDetectors: [{ name, note }],
      }),
    ).sentence;

  it("a request that dictated the departing call says what it asked for, once, without the agent's name twice", () => {
    const s = only(
      "requested-departure",
      "Customer asked for the item_ids that Clerk then passed in return_items, the first call that departs from the expected actions",
    );
    expect(s).toBe(
      "Customer (step 4) asked for the item_ids that Clerk then passed in return_items, departing from the expected actions.",
    );
  });

  it("a departing call no request dictated names the values and the call", () => {
    const s = only(
      "unrequested-departure",
      "Clerk's return_items departs from the expected actions in refund_to, values the request before it did not dictate",
    );
    expect(s).toBe(
      "Customer (step 4) passed refund_to in return_items that depart from the expected actions and no request named.",
    );
  });

  it("a withdrawn request and a kept one read as what happened", () => {
    expect(
      only(
        "request-reversal",
        "Customer withdrew the blue kettle, which it had asked for and the agent had acted on, and the agent followed the change",
      ),
    ).toBe("Customer (step 4) withdrew the blue kettle after the agent had acted on it.");
    expect(only("ignored-reversal", "Clerk kept acting on the blue kettle after Customer withdrew it")).toBe(
      "Customer (step 4) kept acting on the blue kettle after Customer withdrew it.",
    );
  });

  it("any other detector's note is never cut inside a word", () => {
    const note = `a long finding ${"about several values and the steps that carried them ".repeat(4)}to the end`;
    const s = only("some-new-detector", note);
    expect(s.length).toBeLessThanOrEqual(HARD_MAX);
    const words = new Set(note.split(" "));
    for (const w of s
      .replace(/^Customer \(step 4\) /, "")
      .replace(/[….]+$/, "")
      .split(" "))
      expect(words.has(w)).toBe(true);
  });
});
