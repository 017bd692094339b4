/**
 * Who speaks at a run's edges. A speaker that only poses the task at the opening or announces the
 * close is the harness: evidence, never a suspect, not even the prior's. A worker that happens to
 * speak first (or last), once and briefly, is no harness when it puts forward a value or a name the
 * task does not hold. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { detectorsAt, failedRun } from "../test-graphs";

const kindOf = (r: ReturnType<typeof analyzeTrace>, agent: string) =>
  r.participants?.find((p) => p.agent === agent)?.kind;

describe("speakers at the run's edges", () => {
  const openers = [
    ["a value", "What is the total weight of three parcels of 4 kg, 7 kg and 9 kg?", "4 + 7 + 9 = 21 kg."],
    ["a name", "Which city is the capital of Australia?", "The capital of Australia is Sydney."],
  ];
  it.each(openers)("a worker whose one short message opens the run with %s of its own is a worker", (_, task, says) => {
    const r = analyzeTrace(
      failedRun(task, [
        { id: "s1", agent: "Scout", kind: "message", content: says },
        { id: "s2", agent: "Critic", kind: "message", content: "I checked it and it looks good to me." },
        { id: "s3", agent: "Writer", kind: "final", content: `Answer: ${says}` },
      ]),
    );
    expect(kindOf(r, "Scout")).toBe("worker");
  });

  it("a speaker that only poses the task and closes the run is the harness, and never the suspect", () => {
    // No value to trace: the verdict falls to the prior, which weighs everyone's work.
    const task = "Which planet is closest to the Sun?";
    const r = analyzeTrace(
      failedRun(task, [
        {
          id: "h1",
          agent: "Host",
          kind: "message",
          content: "Debaters, please answer: which planet is closest to the Sun?",
        },
        { id: "a1", agent: "Ana", kind: "message", content: "I believe the closest planet is Venus." },
        { id: "b1", agent: "Ben", kind: "message", content: "My view matches: the closest one is Venus." },
        { id: "a2", agent: "Ana", kind: "message", content: "We agree, so my final position stays the same." },
        { id: "b2", agent: "Ben", kind: "message", content: "Same here, I keep my position from before." },
        { id: "h2", agent: "Host", kind: "final", content: "Debate closed." },
      ]),
    );
    expect(kindOf(r, "Host")).toBe("harness");
    expect(r.decisionSource).toBe("prior");
    expect(r.decisive?.agent).not.toBe("Host");
    expect(r.suspects?.map((s) => s.agent) ?? []).not.toContain("Host");
  });
});

describe("a closing ruling", () => {
  const task = "Which supplier delivers the Eastgate branch's paper?";
  const debaters = [
    { id: "a1", agent: "Ana", kind: "message", content: "Eastgate's paper comes from Northmill, I am sure." },
    { id: "b1", agent: "Ben", kind: "message", content: "I agree with Ana: it is Northmill, as the ledger says." },
    { id: "c1", agent: "Cal", kind: "message", content: "My position: Northmill. Nothing points elsewhere." },
  ] as const;
  const closing = (content: string) =>
    analyzeTrace(failedRun(task, [...debaters, { id: "r1", agent: "Referee", kind: "final", content }]));

  it("that names an answer no debater gave decides the run: the closer is no harness, and its answer's origin", () => {
    const r = closing("Decision: Quillford. Closing the debate.");
    expect(kindOf(r, "Referee")).toBe("worker");
    expect(r.decisive?.agent).toBe("Referee");
    expect(r.decisive?.stepId).toBe("r1");
  });

  it("near miss: a ruling that is a phrase, not an answer, leaves the closer the harness", () => {
    const r = closing("Decision: close the debate now.");
    expect(kindOf(r, "Referee")).toBe("harness");
    expect(r.decisive?.agent).not.toBe("Referee");
  });
});

describe("a harness's template", () => {
  it("sent again each round is no agent's loop", () => {
    const task = "Name the longest river in Africa.";
    const round = (n: number) => `Round ${n} of 3. Agents, please answer: name the longest river in Africa.`;
    const r = analyzeTrace(
      failedRun(task, [
        { id: "h1", agent: "Moderator", kind: "message", content: round(1) },
        { id: "a1", agent: "Alpha", kind: "message", content: "The longest river in Africa is the Congo." },
        { id: "h2", agent: "Moderator", kind: "message", content: round(2) },
        { id: "a2", agent: "Alpha", kind: "message", content: "Still the Congo, as far as I can tell." },
        { id: "h3", agent: "Moderator", kind: "message", content: round(3) },
        { id: "a3", agent: "Alpha", kind: "final", content: "Final answer: the Congo." },
      ]),
    );
    for (const h of ["h2", "h3"]) expect(detectorsAt(r, h)).not.toContain("repetition-loop");
    expect(r.decisive?.agent).not.toBe("Moderator");
  });
});
