/**
 * A small failed run and a hand-written report for the view builders' tests (not engine output:
 * the builders must work for any report shape the types allow).
 *
 *   Planner:s1 ─msg▶ Researcher:s2 ─▶ s3(tool ✕) ─▶ s4 (decisive) ─msg▶ Analyst:s5 ─msg▶ Writer:s6 ─agg▶ s7(final)
 *                                                   └─state "figures"──────────▶ Reviewer:s8 (repair) ─deleg▶ Writer
 */
import type { AnalysisReport, StepReport } from "../attribution/types";
import type { TTrace } from "../trace/schema";

export function researchTrace(): TTrace {
  const step = (
    id: string,
    agent: string,
    kind: TTrace["steps"][number]["kind"],
    content: string,
    extra: Partial<TTrace["steps"][number]> = {},
  ) => ({
    id,
    agent,
    kind,
    content,
    status: "ok" as const,
    tokens: { total: 100 },
    ...extra,
  });
  return {
    schema: "culprit.trace/v1",
    run: { title: "research_pipeline", outcome: "failure", sourceFormat: "culprit" },
    agents: [
      { name: "Planner" },
      { name: "Researcher" },
      { name: "Analyst" },
      { name: "Writer" },
      { name: "Reviewer" },
    ],
    steps: [
      step("s1", "Planner", "message", "Find the population of Osaka South."),
      step("s2", "Researcher", "tool_call", "search(osaka south)", {
        tool: { name: "search", arguments: { q: "osaka south" } },
      }),
      step("s3", "Researcher", "tool_result", "503 Service Unavailable", {
        status: "error",
        error: { message: "503" },
      }),
      step("s4", "Researcher", "message", "Successfully retrieved: Osaka South = 1532"),
      step("s5", "Analyst", "message", "Based on 1532, growth is 4%"),
      step("s6", "Writer", "message", "Report: Osaka South has 1532 people"),
      step("s8", "Reviewer", "message", "Checking the figure 1532 against the source", {
        state: { op: "read", key: "figures" },
      }),
      step("s7", "Writer", "final", "Final: 1532"),
    ],
    edges: [
      { from: "s1", to: "s2", kind: "message", evidence: "", confidence: 1 },
      { from: "s2", to: "s3", kind: "message", evidence: "", confidence: 1 },
      { from: "s3", to: "s4", kind: "message", evidence: "", confidence: 1 },
      { from: "s4", to: "s5", kind: "message", evidence: "", confidence: 1 },
      { from: "s5", to: "s6", kind: "message", evidence: "", confidence: 1 },
      { from: "s4", to: "s8", kind: "state", key: "figures", evidence: "write/read figures", confidence: 0.9 },
      { from: "s8", to: "s7", kind: "delegation", evidence: "", confidence: 1 },
      { from: "s6", to: "s7", kind: "aggregation", evidence: "", confidence: 1 },
    ],
    labels: [],
    warnings: [],
  };
}

function stepReport(stepId: string, agent: string, extra: Partial<StepReport> = {}): StepReport {
  return {
    stepId,
    sourceRef: stepId,
    agent,
    fault: 0,
    detectors: [],
    corrupted: false,
    onPath: false,
    responsibility: 0,
    reward: 0,
    counterfactual: { flips: false, note: "" },
    ...extra,
  };
}

export function researchReport(): AnalysisReport {
  const agent = (name: string, blame: number, role: AnalysisReport["agents"][number]["role"]) => ({
    agent: name,
    blame,
    blameCi: [Math.max(0, blame - 0.1), Math.min(1, blame + 0.1)] as [number, number],
    role,
    tokens: name === "Researcher" ? 300 : 100,
    blamePer1kTokens: blame * 10,
    importance: 0.2,
    lowImportance: false,
    counterfactualFlips: name === "Researcher" ? 1 : 0,
    responsibility: name === "Researcher" ? 1 : 0,
    evidence: { stepIds: [], note: "" },
  });
  return {
    engineVersion: "test",
    config: {} as AnalysisReport["config"],
    outcome: "failure",
    analyzedAsFailure: true,
    decisive: {
      stepId: "s4",
      agent: "Researcher",
      sourceRef: "s4",
      confidence: 0.86,
      criteria: { fault: 0.9, primacy: true, nonCorrection: true },
      evidence: { stepIds: ["s3", "s4"], note: "claims success after a 503" },
    },
    agents: [
      agent("Researcher", 0.71, "culprit"),
      agent("Analyst", 0.18, "propagator"),
      agent("Writer", 0.07, "propagator"),
      agent("Reviewer", 0.04, "repairer"),
      agent("Planner", 0, "bystander"),
    ],
    steps: [
      stepReport("s1", "Planner"),
      stepReport("s2", "Researcher"),
      stepReport("s3", "Researcher", {
        fault: 0.4,
        detectors: [{ name: "tool-failure", score: 0.4, evidence: { stepIds: ["s3"], note: "503" } }],
      }),
      stepReport("s4", "Researcher", {
        fault: 0.9,
        onPath: true,
        responsibility: 1,
        reward: -1,
        counterfactual: { flips: true, note: "fixing this step makes the run succeed" },
        detectors: [
          {
            name: "false-success-claim",
            score: 0.8,
            mast: "FM-3.2 no or incomplete verification",
            evidence: { stepIds: ["s3"], edgeIds: ["e2"], note: "claims success after a failed search" },
          },
          {
            name: "ungrounded-values",
            score: 0.6,
            evidence: { stepIds: ["s4"], note: '"1532" appears in no tool result' },
          },
        ],
      }),
      stepReport("s5", "Analyst", { corrupted: true, onPath: true, reward: -0.5 }),
      stepReport("s6", "Writer", { corrupted: true, onPath: true, reward: -0.25 }),
      stepReport("s8", "Reviewer", { reward: 0.3 }),
      stepReport("s7", "Writer", { corrupted: true, onPath: true }),
    ],
    propagationPath: ["s4", "s5", "s6", "s7"],
    channelPath: [
      { fromAgent: "Researcher", toAgent: "Analyst", edgeKinds: ["message"], edgeIds: ["e3"] },
      { fromAgent: "Analyst", toAgent: "Writer", edgeKinds: ["message"], edgeIds: ["e4"] },
    ],
    interaction: { class: "amplified", rule: "crossed 3 agents" },
    flags: { falseSuccessClaims: [], verificationCollapseRate: 0, tokenBudgetConfound: null },
    shapley: {
      method: "exact",
      samples: 0,
      errorTarget: 0,
      values: {},
      ci: {},
      myerson: {},
      leaveOneOut: {},
      total: 1,
      players: [],
      note: "",
    },
    importance: { perAgent: {}, systemBucket: 0, evidence: { stepIds: [], note: "" } },
    verdict: 'Root cause: Researcher, step s4 — stated "Osaka South = 1532" after the search failed.',
    training: {
      rewards: [{ stepId: "s4", reward: -1 }],
      preferencePairs: [
        { contextStepId: "s4", chosenStepId: "s8", rejectedStepId: "s6", kind: "corrective-over-passive", note: "" },
      ],
    },
    warnings: [],
  };
}
