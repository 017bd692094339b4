/**
 * Each stage of `analyzeTrace` on its own, on the named toys of `test-graphs.ts` whose answers are
 * known by construction: what each stage must establish before the next one reads it.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { ZAnalysisReport } from "../report-schema";
import { TEST_GRAPHS } from "../test-graphs";
import { ZTrace, type TTrace } from "../../trace/schema";
import { gatherEvidence } from "./evidence";
import { modelFailure } from "./failure-model";
import { decideCulprit } from "./decide-culprit";
import { apportionBlame } from "./apportion-blame";
import { deriveSignals } from "./signals";
import { assembleReport } from "./assemble-report";

function stagesOf(trace: TTrace) {
  const config = resolveConfig({});
  const g = buildGraph(trace, config);
  const ev = gatherEvidence(g, config, trace.run.outcome);
  const m = modelFailure(g, config, ev);
  const d = decideCulprit(g, config, ev, m);
  const b = apportionBlame(g, ev, m, d);
  const sig = deriveSignals(g, config, ev, m, d, b);
  return { trace, config, g, ev, m, d, b, sig };
}
const idx = (s: ReturnType<typeof stagesOf>, id: string) => s.g.indexOf.get(id)!;
const agentIdx = (s: ReturnType<typeof stagesOf>, name: string) => s.g.agentNames.indexOf(name);

describe("evidence stage", () => {
  it("flags the invented figures at their origin and analyzes the failed run as a failure", () => {
    const s = stagesOf(TEST_GRAPHS.culpritUpstreamVictimLast());
    expect(s.ev.analyzedAsFailure).toBe(true);
    expect(s.ev.det.fault[idx(s, "s0")]).toBeGreaterThanOrEqual(s.config.faultThreshold);
    // Relays of a value with a source are not findings.
    expect(s.ev.findings.every((f) => f.step === idx(s, "s0"))).toBe(true);
  });

  it("a successful run is not analyzed as a failure", () => {
    expect(stagesOf(TEST_GRAPHS.successfulRun()).ev.analyzedAsFailure).toBe(false);
  });
});

describe("failure-model stage", () => {
  it("the origin is an origin and the relays inherit its corruption", () => {
    const s = stagesOf(TEST_GRAPHS.culpritUpstreamVictimLast());
    expect(s.m.boolean.origins[idx(s, "s0")]).toBe(1);
    expect(s.m.boolean.inherited[idx(s, "s2")]).toBe(1);
    expect(s.m.stepGame.fails).toBe(true);
  });

  it("a recovered tool error blocks propagation and is a corrective attempt", () => {
    const s = stagesOf(TEST_GRAPHS.toolErrorRecovered());
    expect(s.m.corrective.map((c) => s.g.steps[c.step].id)).toContain("s1");
  });
});

describe("decision stage", () => {
  it("names the upstream origin, not the last agent to touch the error", () => {
    const s = stagesOf(TEST_GRAPHS.culpritUpstreamVictimLast());
    expect(s.g.steps[s.d.decisiveStep].id).toBe("s0");
    expect(s.d.decision.source).toBe("evidence");
    expect(s.d.path.path.map((v) => s.g.steps[v].id)).toEqual(expect.arrayContaining(["s0", "s2"]));
  });

  it("a rubber-stamp approval hands the decision to the step that put forward what it approved", () => {
    const s = stagesOf(TEST_GRAPHS.reviewerApprovesWrongProposal());
    // The repair model alone would name the approval (the only fault a detector sees).
    expect(s.ev.det.fault[idx(s, "s1")]).toBeGreaterThanOrEqual(s.config.faultThreshold);
    expect(s.ev.det.fault[idx(s, "s0")]).toBeLessThan(s.config.faultThreshold);
    expect(s.d.decision.rule).toBe("approved-origin");
    expect(s.g.steps[s.d.decisiveStep].id).toBe("s0");
    expect(s.d.decision.approvedAt).toBe(idx(s, "s1"));
    expect(s.d.decision.wrongValues).toEqual(["q:maktay zapple pa", "e:maktay zapple pa"]);
    expect(s.d.decision.origins).toEqual([idx(s, "s0")]);
    expect(s.sig.roles.get("translator")).toBe("culprit");
    expect(s.sig.roles.get("reviewer")).toBe("missed-check");
    expect(s.b.blame[agentIdx(s, "translator")]).toBe(1);
  });

  it("the approval's origin is where the value entered, not the latest agent to relay it", () => {
    const t = TEST_GRAPHS.reviewerApprovesWrongProposal();
    const relay = {
      id: "r1",
      agent: "editor",
      kind: "message" as const,
      status: "unset" as const,
      content: 'Formatted for the reply: "Maktay Zapple Pa".',
    };
    t.agents = [...t.agents, { name: "editor" }];
    t.steps = [t.steps[0], relay, ...t.steps.slice(1)];
    t.edges = [
      { from: "s0", to: "r1", kind: "message", evidence: "test", confidence: 1 },
      { from: "r1", to: "s1", kind: "message", evidence: "test", confidence: 1 },
      { from: "s1", to: "s2", kind: "message", evidence: "test", confidence: 1 },
    ];
    const s = stagesOf(ZTrace.parse(t));
    expect(s.d.decision.rule).toBe("approved-origin");
    expect(s.g.steps[s.d.decisiveStep].id).toBe("s0");
    expect(s.sig.roles.get("editor")).not.toBe("culprit");
  });

  it("approving a value the approver itself put forward earlier is no missed check: the approver stays decisive", () => {
    const t = TEST_GRAPHS.reviewerApprovesWrongProposal();
    t.steps = t.steps.map((st) => (st.id === "s0" ? { ...st, agent: "reviewer" } : st));
    t.steps = [
      t.steps[0],
      { id: "r1", agent: "translator", kind: "message", status: "unset", content: 'Noted: "Maktay Zapple Pa".' },
      ...t.steps.slice(1),
    ];
    t.edges = [
      { from: "s0", to: "r1", kind: "message", evidence: "test", confidence: 1 },
      { from: "r1", to: "s1", kind: "message", evidence: "test", confidence: 1 },
      { from: "s1", to: "s2", kind: "message", evidence: "test", confidence: 1 },
    ];
    const s = stagesOf(ZTrace.parse(t));
    expect(s.d.decision.rule).not.toBe("approved-origin");
    expect(s.g.steps[s.d.decisiveStep].agent).toBe("reviewer");
  });

  it("an approval of a wrong conclusion drawn from right values hands the decision to that conclusion", () => {
    const contents: [string, string, string][] = [
      ["researcher", "tool_call", "Looking up units by region."],
      ["sales_db", "tool_result", "North Coast: 420 units; South Valley: 515 units; East Ridge: 388 units"],
      ["researcher", "message", "Units by region: North Coast 420, South Valley 515, East Ridge 388."],
      ["coordinator", "message", "Analyst, which region sold the most units?"],
      ["analyst", "message", "North Coast sold the most, with 420 units."],
      ["coordinator", "message", "Reviewer, please check the answer."],
      ["reviewer", "message", "Verified: North Coast with 420 units is correct. Approved."],
      ["reviewer", "message", "TERMINATE"],
    ];
    const t = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { task: "Which region sold the most units?", outcome: "failure", sourceFormat: "culprit" },
      agents: [...new Set(contents.map((c) => c[0]))].map((name) => ({ name })),
      steps: contents.map(([agent, kind, content], i) => ({
        id: `s${i}`,
        agent,
        kind,
        content,
        ...(kind === "tool_call" ? { tool: { name: "sales_db", arguments: "units by region" } } : {}),
        ...(kind === "tool_result" ? { status: "ok" } : {}),
      })),
      edges: contents
        .slice(1)
        .map((_, i) => ({ from: `s${i}`, to: `s${i + 1}`, kind: "message", evidence: "test", confidence: 1 })),
    });
    const s = stagesOf(t);
    // The reviewer restates only values the tool returned: nothing was introduced, the selection is wrong.
    expect(s.d.decision.rule).toBe("approved-origin");
    // The coordinator spoke last before the approval but put nothing forward: the analyst's proposal was approved.
    expect(s.g.steps[s.d.decisiveStep].id).toBe("s4");
    expect(s.d.decision.origins).toEqual([idx(s, "s4")]);
    expect([...s.d.decision.wrongValues].sort()).toEqual(["e:north coast", "n:420"]);
    expect(s.d.decision.approvedAt).toBe(idx(s, "s6"));
    expect(s.sig.roles.get("reviewer")).toBe("missed-check");
    expect(s.sig.roles.get("analyst")).toBe("culprit");
  });

  it("an approval that restates nothing of anyone else's stays decisive", () => {
    const s = stagesOf(TEST_GRAPHS.rubberStampReviewer());
    expect(s.d.decision.rule).not.toBe("approved-origin");
    expect(s.g.steps[s.d.decisiveStep].agent).toBe("reviewer");
  });

  it("an approval that adds a figure of its own is more than a missed check and stays decisive", () => {
    const t = TEST_GRAPHS.reviewerApprovesWrongProposal();
    t.steps[1] = { ...t.steps[1], content: `${t.steps[1].content} I checked it in 4 minutes.` };
    t.steps[2] = { ...t.steps[2], content: 'Final answer: "Maktay Zapple Pa". TERMINATE' };
    const s = stagesOf(t);
    // The figure reaches no answer (no provenance finding) and fires no detector of its own.
    expect(s.ev.det.byStep.get(idx(s, "s1"))?.map((h) => h.name)).toEqual(["abandoned-verification"]);
    expect(s.d.decision.rule).not.toBe("approved-origin");
    expect(s.g.steps[s.d.decisiveStep].agent).toBe("reviewer");
  });

  it("decides nothing on a successful run", () => {
    expect(stagesOf(TEST_GRAPHS.successfulRun()).d.decisiveStep).toBe(-1);
  });
});

describe("blame stage", () => {
  it("sums to 1 on a failure, and the decisive agent holds the largest share", () => {
    for (const make of [
      TEST_GRAPHS.culpritUpstreamVictimLast,
      TEST_GRAPHS.badDelegation,
      TEST_GRAPHS.twoWrongVoters,
      TEST_GRAPHS.errorThroughSharedState,
    ]) {
      const s = stagesOf(make());
      const total = [...s.b.blame].reduce((x, y) => x + y, 0);
      expect(total).toBeCloseTo(1, 6);
      const lead = s.g.agentOf[s.d.decisiveStep];
      expect(Math.max(...s.b.blame)).toBe(s.b.blame[lead]);
    }
  });

  it("two independent wrong voters share the blame equally; the judge that applied its rule gets none", () => {
    const s = stagesOf(TEST_GRAPHS.twoWrongVoters());
    expect(s.b.blame[agentIdx(s, "voter1")]).toBeCloseTo(s.b.blame[agentIdx(s, "voter2")], 6);
    expect(s.b.blame[agentIdx(s, "judge")]).toBe(0);
  });

  it("is all zero on a success", () => {
    expect([...stagesOf(TEST_GRAPHS.successfulRun()).b.blame].every((x) => x === 0)).toBe(true);
  });
});

describe("signals stage", () => {
  it("the origin is the culprit and the relay a propagator", () => {
    const s = stagesOf(TEST_GRAPHS.badDelegation());
    expect(s.sig.roles.get("manager")).toBe("culprit");
    expect(s.sig.roles.get("worker")).toBe("propagator");
  });

  it("a reviewer that approves without evidence makes the verification-collapse rate 1", () => {
    const s = stagesOf(TEST_GRAPHS.rubberStampReviewer());
    expect(s.sig.verificationCollapseRate).toBe(1);
  });

  it("failure rewards are bounded and sum to −1 over agent messages", () => {
    const s = stagesOf(TEST_GRAPHS.culpritUpstreamVictimLast());
    const rewards = [...s.sig.training.rewards];
    expect(rewards.every((r) => Math.abs(r) <= 1)).toBe(true);
    expect(rewards.reduce((x, y) => x + y, 0)).toBeCloseTo(-1, 6);
  });
});

describe("report stage", () => {
  it("assembles a report that validates against the published schema, from the stages alone", () => {
    for (const make of Object.values(TEST_GRAPHS)) {
      const s = stagesOf(make());
      const report = assembleReport(s.trace, s.config, s.g, s.ev, s.m, s.d, s.b, s.sig);
      expect(ZAnalysisReport.safeParse(report).success).toBe(true);
      expect(report.decisive?.stepId ?? null).toBe(s.d.decisiveStep >= 0 ? s.g.steps[s.d.decisiveStep].id : null);
    }
  });
});
