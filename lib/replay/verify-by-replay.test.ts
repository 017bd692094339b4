import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../attribution";
import { validateTrace } from "../trace/validate-trace";
import { minimalTrace } from "../trace/test-traces";
import { ReplaySession } from "./replay-session";
import { fakeReplay, type FakeFault } from "./test-fake-replay";
import { candidateAgents, verifyByReplay, REPLAY_METHODS } from "./verify-by-replay";

const trace = validateTrace(minimalTrace());
const report = analyzeTrace(trace);

function session(required: FakeFault[][], budget = 50) {
  const replay = fakeReplay(required);
  return new ReplaySession({ call: async (iv) => ({ outcome: await replay(iv), durationMs: 0 }), budget });
}

describe("verifyByReplay", () => {
  it("orders candidates with the offline decisive agent first", () => {
    const c = candidateAgents(trace, report);
    expect(c).toHaveLength(2);
    if (report.decisive) expect(c[0]).toBe(report.decisive.agent);
  });

  it.each(["Alice", "Bob"])(
    "confirms %s when repairing it flips the outcome, and compares with the offline verdict",
    async (culprit) => {
      const step = trace.steps.find((s) => s.agent === culprit)!;
      const s = session([[{ agent: culprit, stepId: step.id }]]);
      const r = await verifyByReplay(trace, report, s, { methods: REPLAY_METHODS });
      expect(r.confirmedAgent).toBe(culprit);
      expect(r.confirmedStepId).toBe(step.id);
      expect(r.leaveOneOut?.necessary).toEqual([culprit]);
      expect(r.shapley?.values[culprit]).toBe(1);
      expect(r.agreement).toBe(r.offline.agent === culprit ? "agrees" : "disagrees");
      expect(r.incomplete).toEqual([]);
      // Repeated coalitions across strategies are answered within the session.
      expect(s.log.length).toBeGreaterThan(s.replays);
    },
  );

  it("stops as inconclusive when the unchanged replay does not reproduce the failure", async () => {
    const s = session([]); // nothing required: everything succeeds
    const r = await verifyByReplay(trace, report, s);
    expect(r.baseline).toEqual({ outcome: "success", reproduced: false });
    expect(r.agreement).toBe("inconclusive");
    expect(r.sequential).toBeUndefined();
    expect(s.replays).toBe(1);
  });

  it("marks the rest as incomplete when the budget runs out", async () => {
    const s = session([[{ agent: "Alice", stepId: "s1" }], [{ agent: "Bob", stepId: "s2" }]], 2);
    const r = await verifyByReplay(trace, report, s);
    expect(r.incomplete.map((i) => i.method)).toEqual(["sequential", "binary-search"]);
    expect(r.agreement).toBe("inconclusive");
    expect(s.replays).toBe(2);
  });
});
