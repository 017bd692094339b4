import { describe, expect, it } from "vitest";
import { chanceWrong, engineFacts, percent, plainNote } from "./engine-facts";

const step = (over: Partial<Parameters<typeof engineFacts>[0]> = {}) => ({
  fault: 0,
  responsibility: 0,
  counterfactual: { flips: false, note: "not faulty; P(bad) = 0.390103" },
  onPath: false,
  corrupted: false,
  ...over,
});
const byKey = (facts: ReturnType<typeof engineFacts>) => Object.fromEntries(facts.map((f) => [f.key, f.value]));

describe("engineFacts", () => {
  it("says the engine's P(bad) as a chance in percent, never as P(bad), with its method", () => {
    const facts = engineFacts(step());
    const wrong = facts.find((f) => f.key === "wrong")!;
    expect(wrong).toMatchObject({ label: "chance this step is wrong", value: "39%" });
    expect(wrong.method).toMatch(/noisy-OR/);
    const text = facts.map((f) => `${f.label} ${f.value}`).join(" | ");
    expect(text).not.toMatch(/P\(bad\)|0\.39/);
    expect(byKey(facts).fix).toBe("the outcome stays the same — no fault found on this step");
    expect(byKey(facts).fault).toBe("none");
  });

  it("words a faulty step's fault, responsibility and counterfactual plainly", () => {
    const facts = byKey(
      engineFacts(
        step({
          fault: 0.9838,
          responsibility: 1,
          counterfactual: { flips: true, note: "repairing this step alone makes the run succeed" },
          onPath: true,
        }),
      ),
    );
    expect(facts.wrong).toBeUndefined();
    expect(facts.fault).toBe("98%");
    expect(facts.responsibility).toBe("full: no other step needs fixing with it");
    expect(facts.fix).toBe("the outcome changes: fixing this step alone is enough");
    expect(facts.path).toBe("on the way from the fault to the answer");
  });

  it("says a shared responsibility as 1 in k+1 with the other steps counted", () => {
    const facts = byKey(
      engineFacts(
        step({
          fault: 0.7,
          responsibility: 1 / 3,
          counterfactual: { flips: false, note: "needed in the minimal joint repair" },
        }),
      ),
    );
    expect(facts.responsibility).toBe("1 in 3: 2 other steps must be fixed with it");
    expect(facts.fix).toBe(
      "the outcome stays the same — one of the fewest steps that must all be fixed for the run to succeed",
    );
  });
});

describe("note helpers", () => {
  it("reads the probability from the note and leaves other notes as written", () => {
    expect(chanceWrong("not faulty; P(bad) = 0.73")).toBe(0.73);
    expect(chanceWrong("other faults still cause the failure")).toBeNull();
    expect(plainNote("faulty but beyond the 12 evaluated candidates")).toBe(
      "at fault, but past the 12 steps the engine tested",
    );
    expect(plainNote("a note of a newer engine")).toBe("a note of a newer engine");
  });

  it("rounds to whole percent, with the ends said as <1% and >99%", () => {
    expect(percent(0.734)).toBe("73%");
    expect(percent(0.001)).toBe("<1%");
    expect(percent(0.999)).toBe(">99%");
    expect(percent(0)).toBe("0%");
    expect(percent(1)).toBe("100%");
  });
});
