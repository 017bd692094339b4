/**
 * A multiple-choice debater takes its position by the option letter it opens with, or by the answer
 * it boxes; the premise of its pick is read in the sentence that takes it. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { analyzeTrace } from "../index";
import { statedPosition, statedRuling } from "./stated-position";

type Step = TTraceInput["steps"][number];
const TASK =
  "Which gas makes up most of the air on the moon Vell? (A) Argon (B) Neon (C) Helium (D) Xenon. Answer in the form (X).";
const say = (id: string, agent: string, content: string): Step => ({ id, agent, kind: "message", content });
const debate = (finalAnswer: string, steps: Step[]) => {
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { task: TASK, outcome: "failure", finalAnswer, attributes: { [TERMINATION_ATTR]: "concluded" } },
    agents: [
      { name: "asker", kind: "task_giver" },
      { name: "Debater_1" },
      { name: "Debater_2" },
      { name: "Debater_3" },
    ],
    steps: [say("s0", "asker", TASK), ...steps],
    edges: [],
  });
  const r = analyzeTrace(trace);
  return { step: r.decisive?.stepId, rule: r.decision?.rule };
};

describe("an option letter a reply opens with", () => {
  it("is the reply's position, whatever wording follows it", () => {
    expect(statedPosition("(C) 4 %.")?.value).toBe("o:c");
    expect(statedPosition("B) Neon, the lighter gas, by the survey.")?.value).toBe("o:b");
    expect(statedPosition("Neon is light")).toBeNull();
  });

  it("names the debater that first picked the concluded option", () => {
    const r = debate("C", [
      say("s1", "Debater_1", "(C) Helium 4 %."),
      say("s2", "Debater_2", "(B) Neon 2.5 %."),
      say("s3", "Debater_3", "Having weighed both, the correct answer is (C) Helium."),
    ]);
    expect(r).toEqual({ step: "s1", rule: "answer-origin" });
  });

  it("reads the premise of a pick in the sentence that takes it, not in the explanation after it", () => {
    const r = debate("A", [
      say("s1", "Debater_1", "(C) Helium.\n\nExplanation: Survey probes measured it near the poles."),
      say(
        "s2",
        "Debater_2",
        "(A) Argon.\n\nExplanation: Although Survey probes saw helium, argon outgasses from rock.",
      ),
      say("s3", "Debater_3", "The correct answer is (A) Argon."),
    ]);
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });
});

describe("a boxed answer", () => {
  it("is a position, not a ruling", () => {
    expect(statedPosition("Working through the gases leaves one: \\boxed{D}")?.value).toBe("o:d");
    expect(statedRuling("Working through the gases leaves one: \\boxed{D}")).toBeNull();
  });

  it("names the debater that first boxed the concluded option", () => {
    const r = debate("D", [
      say("s1", "Debater_1", "Heavy gases stay bound to a cold moon, and xenon is the heaviest: \\boxed{D}"),
      say("s2", "Debater_2", "Neon is common in such bodies, so I would say \\boxed{B}"),
      say("s3", "Debater_3", "The correct answer is (D) Xenon."),
    ]);
    expect(r).toEqual({ step: "s1", rule: "answer-origin" });
  });
});

describe("a reply that walks through every option", () => {
  it("rules with an answer qualified by what it answers", () => {
    expect(statedRuling("So the best single answer from the given options is (B).")?.value).toBe("o:b");
    expect(statedRuling("The answer to the question is (A).")?.value).toBe("o:a");
    expect(statedRuling("An answer from Neon is likely.")).toBeNull();
  });

  it("takes its position in the sentence that rules, not on the line that lists the option", () => {
    // The line listing (A) seems to lean on a word of the first reply ("These"); the ruling does not.
    const r = debate("A", [
      say("s1", "Debater_1", "(C) Helium. These survey probes measured it near the poles."),
      say(
        "s2",
        "Debater_2",
        "Weighing each gas:\n\nA) Argon - These outgas from rock.\n\nC) Helium - Light, it escapes.\n\nThe best answer from the given options is (A).",
      ),
      say("s3", "Debater_3", "The correct answer is (A) Argon."),
    ]);
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });

  it("leans on no common word that opens a clause after a dash", () => {
    const r = debate("A", [
      say("s1", "Debater_1", "(C) Helium. These survey probes measured it near the poles."),
      say("s2", "Debater_2", "(A) Argon - These heavy atoms stay bound to a cold moon."),
      say("s3", "Debater_3", "The correct answer is (A) Argon."),
    ]);
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });
});

describe("the forms a multiple-choice reply closes or labels its pick with", () => {
  it("reads the option mark a reply ends with, alone on its line or in parentheses", () => {
    const reasoning = "Helium is light and escapes; argon outgasses from rock and stays.";
    expect(statedPosition(`${reasoning}\n\n(A)`)?.value).toBe("o:a");
    expect(statedPosition(`${reasoning} So the air is mostly argon (A).`)?.value).toBe("o:a");
    expect(statedPosition(`${reasoning}\n**B)**`)?.value).toBe("o:b");
    // Near misses: a letter inside the last line, and a bare "B)" closing a sentence.
    expect(statedPosition(`${reasoning} Option (A) fits, as the survey shows.`)).toBeNull();
    expect(statedPosition(`${reasoning} It is in column B)`)).toBeNull();
  });

  it("reads an option said to be the answer or the choice, and an answer that remains", () => {
    expect(statedRuling("Therefore, (B) is the best choice here.")?.value).toBe("o:b");
    expect(statedRuling("I think option C is the most accurate answer.")?.value).toBe("o:c");
    expect(statedRuling("After all that, my answer remains (A).")?.value).toBe("o:a");
    expect(statedRuling("Both agree that (B) is also a strong contender.")).toBeNull();
  });

  it("reads a labelled line as the value it labels, not the lines after it", () => {
    expect(statedPosition("#answer: B  \n#rationale: Neon is common in such bodies.")?.value).toBe("o:b");
    expect(statedRuling("Final answer:\nXenon")?.value).toBe("e:xenon");
  });

  it("names the first labelled reply that picked the concluded option, one line per statement", () => {
    const r = debate("A", [
      say("s1", "Debater_1", "#answer: C\n#rationale: The Survey probes measured helium near the poles."),
      say("s2", "Debater_2", "#answer: A\n#rationale: Survey data aside, argon outgasses from rock."),
      say("s3", "Debater_3", "#answer: A\n#rationale: Argon, as the second reply argues."),
    ]);
    expect(r).toEqual({ step: "s2", rule: "answer-origin" });
  });
});

describe("an option argued for in prose", () => {
  it("reads the pick a persuader writes out instead of closing with the bare mark", () => {
    expect(
      statedRuling("I hold that the correct answer to the question of the moon's air is (A) Argon, by far.")?.value,
    ).toBe("o:a");
    expect(
      statedRuling("It is clear that answer (C) - helium, the light gas - is the most accurate response.")?.value,
    ).toBe("o:c");
    expect(statedRuling('So option (D) "Xenon, the heaviest" makes the most sense for a cold moon.')?.value).toBe(
      "o:d",
    );
    expect(statedPosition("Weighing it all, (B) remains the best explanation.")?.value).toBe("o:b");
  });

  it("takes no position from another speaker's view, a condition or a denial", () => {
    expect(statedRuling("Debater_2 argues that (C) is the most accurate answer.")).toBeNull();
    expect(statedRuling("Debater_1, for its part, claims option (A) makes the most sense.")).toBeNull();
    expect(statedRuling("The others do not fit, and therefore option (A) is the most accurate answer.")?.value).toBe(
      "o:a",
    );
    expect(statedRuling("If the answer to the question of the air is (D) Xenon, the moon is cold.")).toBeNull();
    expect(statedRuling("I do not think (B) is the best fit.")).toBeNull();
    expect(statedRuling("Option (B) is a plausible reading too.")).toBeNull();
    // The speaker's own view stays its own when it reports a verb in the first person.
    expect(statedRuling("I believe that option (A) is the most accurate.")?.value).toBe("o:a");
  });

  it("reads the one option a conclusion names, however it words the pick", () => {
    expect(
      statedRuling("Therefore, the survey's reading leans heavily towards option (B), the lighter gas.")?.value,
    ).toBe("o:b");
    expect(
      statedRuling(
        "Taking these factors into account, it is plausible that the air is mostly argon, aligning with (A).",
      )?.value,
    ).toBe("o:a");
    // Near misses: a conclusion that weighs two options, one that denies, and a mark outside a conclusion.
    expect(statedRuling("Therefore, both (A) and (C) remain open.")).toBeNull();
    expect(statedRuling("Therefore, the probes do not point to (D).")).toBeNull();
    expect(statedRuling("The survey's reading leans towards option (B).")).toBeNull();
  });

  it("names the debater that first argued for the concluded option, not the first to close with its mark", () => {
    const r = debate("D", [
      say(
        "s1",
        "Debater_1",
        "Cold moons keep heavy gases, so the correct answer to the question of Vell's air is (D) Xenon.",
      ),
      say("s2", "Debater_2", "Argon outgasses from rock and stays bound.\n\n(A)"),
      say("s3", "Debater_3", "Xenon is the heaviest gas and stays bound best.\n\n(D)"),
    ]);
    expect(r).toEqual({ step: "s1", rule: "answer-origin" });
  });
});
