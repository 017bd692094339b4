import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../analyze-trace";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { detectorsAt, failedRun } from "../test-graphs";
import { classifyParticipants, markParticipants } from "./participants";
import type { TTrace } from "../../trace/schema";

const TASK = "What is the total weight of the three parcels (4 kg, 7 kg and 9 kg)?";

function verifiers(t: TTrace): string[] {
  const g = buildGraph(t, resolveConfig());
  markParticipants(g);
  return [...g.verifierAgents].map((a) => g.agentNames[a]).sort();
}

/** A worker answers, a second agent with no telling name or description checks nothing and approves. */
const approvedByDana = () =>
  failedRun(TASK, [
    { id: "s0", agent: "Sam", kind: "message", content: "Adding the parcels: 4 + 7 + 9 gives a total of 21 kg." },
    {
      id: "s1",
      agent: "Dana",
      kind: "message",
      content: "I have double-checked the sum of the parcels and the total of 21 kg is correct.",
    },
    { id: "s2", agent: "Dana", kind: "final", content: "TERMINATE" },
  ]);

describe("verifiers by behaviour, whatever they are called", () => {
  it("an agent that speaks after the work and mostly checks it is a verifier; its bare closing is not counted", () => {
    expect(verifiers(approvedByDana())).toEqual(["Dana"]);
  });

  it("its approval without any check is read as a verifier's: abandoned verification", () => {
    const r = analyzeTrace(approvedByDana());
    expect(detectorsAt(r, "s1")).toContain("abandoned-verification");
    expect(r.flags.verificationCollapseRate).toBe(1);
  });

  it("an agent that opens the work is no verifier, however it words its messages", () => {
    const t = failedRun(TASK, [
      { id: "s0", agent: "Dana", kind: "message", content: "I will verify the parcel weights first: 4, 7 and 9 kg." },
      { id: "s1", agent: "Sam", kind: "message", content: "Adding the parcels: 4 + 7 + 9 gives a total of 21 kg." },
      { id: "s2", agent: "Dana", kind: "final", content: "Confirmed, the total weight is 21 kg." },
    ]);
    expect(verifiers(t)).toEqual([]);
  });

  it("an agent whose messages are mostly its own work is no verifier for one approval among them", () => {
    const t = failedRun(TASK, [
      { id: "s0", agent: "Sam", kind: "message", content: "The first two parcels weigh 4 kg and 7 kg together 11 kg." },
      { id: "s1", agent: "Dana", kind: "message", content: "Adding the third parcel of 9 kg to 11 kg gives 21 kg." },
      {
        id: "s2",
        agent: "Dana",
        kind: "message",
        content: "Writing the summary table of the parcels and their weights.",
      },
      { id: "s3", agent: "Dana", kind: "final", content: "Looks good: the total weight is 21 kg." },
    ]);
    expect(verifiers(t)).toEqual([]);
  });
});

describe("a verdict is the speaker's own words", () => {
  const REFUSAL = "Request rejected: no free slot.";
  /**
   * An agent books through a tool that refuses, then reports the booking confirmed; a lead relays it.
   * The refusal is recorded on the call, or (`logged`) as a tool result under the agent's name.
   */
  const booking = (logged = false) =>
    failedRun("Book a kiln slot at the Harrow studio for 3 May. Tell me when it is confirmed.", [
      {
        id: "b0",
        agent: "Lead",
        kind: "delegate",
        content: "@Runner book a kiln slot at the Harrow studio for 3 May.",
      },
      {
        id: "b1",
        agent: "Runner",
        kind: "tool_call",
        tool: { name: "kiln_booking", arguments: { studio: "Harrow" }, ...(logged ? {} : { result: REFUSAL }) },
      },
      ...(logged ? [{ id: "b1r", agent: "Runner", kind: "tool_result" as const, content: REFUSAL }] : []),
      { id: "b2", agent: "Runner", kind: "message", content: "The kiln slot at Harrow on 3 May is confirmed." },
      { id: "b3", agent: "Lead", kind: "final", content: "Confirmed: kiln slot at Harrow on 3 May." },
    ]);

  it("a tool's refusal the agent's call carries is no rejection by the agent: it stays a worker", () => {
    const g = buildGraph(booking(), resolveConfig());
    const kinds = classifyParticipants(g);
    expect(kinds[g.agentNames.indexOf("Runner")]).toBe("worker");
  });

  it("nor is the refusal logged as a tool result under the agent's name", () => {
    const g = buildGraph(booking(true), resolveConfig());
    expect(classifyParticipants(g)[g.agentNames.indexOf("Runner")]).toBe("worker");
  });

  it("so the agent that first claimed the failed booking done is the culprit, not the lead that relayed it", () => {
    const r = analyzeTrace(booking());
    expect(r.decisive?.agent).toBe("Runner");
    expect(r.decisive?.stepId).toBe("b2");
  });
});
