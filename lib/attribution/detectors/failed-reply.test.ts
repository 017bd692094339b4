/**
 * Success claimed over a failed reply to one's own call, where the reply came from a speaker that spoke
 * too rarely to be classified an environment (a terminal that answered once). Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";

type Step = TTraceInput["steps"][number];

function run(
  reply: string,
  claim = "All set. The cold-store bay for Aster Lane on May 17 is confirmed.",
  extra: Step[] = [],
) {
  const steps: Step[] = [
    { id: "s0", agent: "user", kind: "message", content: "Please book a cold-store bay for Aster Lane on May 17." },
    {
      id: "s1",
      agent: "Coordinator",
      kind: "message",
      content: "Helper, please book a cold-store bay for Aster Lane on May 17.",
    },
    ...extra,
    {
      id: "s2",
      agent: "Helper",
      kind: "message",
      content: 'Invoking coldstore_api with {"site": "Aster Lane", "date": "May 17", "action": "book"}.',
    },
    { id: "s3", agent: "Terminal", kind: "message", content: reply },
    { id: "s4", agent: "Helper", kind: "message", content: claim },
    { id: "s5", agent: "Coordinator", kind: "final", content: "Confirmed: the bay is booked." },
  ];
  const names = [...new Set(steps.map((s) => s.agent))];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: "Please book a cold-store bay for Aster Lane on May 17." },
    agents: names.map((name) => (name === "user" ? { name, kind: "task_giver" } : { name })),
    steps,
  });
}

const falseSuccess = (r: ReturnType<typeof analyzeTrace>) =>
  r.steps.filter((s) => s.detectors.some((d) => d.name === "false-success-claim")).map((s) => s.stepId);

describe("success claimed over a failed reply to one's own call", () => {
  it("the claimer is flagged and blamed, not the coordinator that relayed it", () => {
    const r = analyzeTrace(run("status: failed reason: no capacity left on that date"));
    expect(falseSuccess(r)).toContain("s4");
    expect(r.decisive?.stepId).toBe("s4");
  });

  it("near miss: a reply that succeeded, or one spoken in its own voice, is no failed output", () => {
    expect(falseSuccess(analyzeTrace(run("status: booked, bay 4")))).not.toContain("s4");
    expect(falseSuccess(analyzeTrace(run("I failed to reach the booking desk, sorry.")))).not.toContain("s4");
  });

  it("near miss: a speaker that answered often was judged by its pattern, and that judgement stands", () => {
    const chatter: Step[] = [
      { id: "x1", agent: "Terminal", kind: "message", content: "The booking desk opens at nine on weekdays." },
      { id: "x2", agent: "Terminal", kind: "message", content: "Bays are booked per day, not per hour." },
    ];
    const r = analyzeTrace(run("status: failed reason: no capacity left on that date", undefined, chatter));
    expect(falseSuccess(r).filter((id) => id === "s4")).toEqual([]);
  });
});
