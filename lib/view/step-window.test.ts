import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildDensity, chooseStepWindow, densityBinSize, trimReportToWindow } from "./step-window";
import { prepareTimeline } from "./prepare-timeline";
import { buildStepFlow } from "./build-step-flow";
import { buildAgentFlow } from "./build-agent-flow";
import { indexReport } from "./index-report";
import { researchReport, researchTrace } from "./test-fixtures";
import { summarizeReport } from "./summarize-run";
import { toViewEdges } from "./view-edges";
import { ALL_EDGE_KINDS } from "./view-state";

describe("chooseStepWindow", () => {
  it("always returns a window of at most `size` steps inside the run, holding the focus or the range start", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (total, size, a, b, useRange) => {
          const focus = a % total;
          const range: [number, number] = [Math.min(a, b) % total, Math.max(a % total, b % total)];
          const [lo, hi] = chooseStepWindow(total, useRange ? { range, size } : { focusIdx: focus, size });
          expect(0 <= lo && lo <= hi && hi < total).toBe(true);
          expect(hi - lo + 1).toBeLessThanOrEqual(size);
          if (useRange) expect(lo).toBe(range[0]);
          else {
            expect(lo <= focus && focus <= hi).toBe(true);
            expect(hi - lo + 1).toBe(Math.min(size, total)); // a full window when the run has enough steps
          }
        },
      ),
    );
  });
  it("starts at the beginning without a focus", () => {
    expect(chooseStepWindow(10_000, { size: 1500 })).toEqual([0, 1499]);
  });
});

describe("density", () => {
  it("keeps the overview bounded whatever the run's size", () => {
    for (const [total, agents] of [
      [465_000, 8],
      [100_000, 2_000],
      [10, 3],
    ] as const) {
      const binSize = densityBinSize(total, agents);
      expect(Math.ceil(total / binSize) * agents).toBeLessThanOrEqual(Math.max(40_000, agents));
    }
  });
  it("drops unknown agents and out-of-range bins", () => {
    const d = buildDensity(["A", "B"], 10, 5, [
      { agent: "A", bin: 0, steps: 3, errors: 1 },
      { agent: "B", bin: 1, steps: 2, errors: 0 },
      { agent: "Z", bin: 0, steps: 9, errors: 9 },
      { agent: "A", bin: 7, steps: 9, errors: 0 },
    ]);
    expect(d).toEqual({
      binSize: 5,
      bins: 2,
      lanes: [
        { agent: "A", steps: [3, 0], errors: [1, 0] },
        { agent: "B", steps: [0, 2], errors: [0, 0] },
      ],
    });
  });
});

describe("a window of a run in the view builders", () => {
  const trace = researchTrace();
  const edges = toViewEdges(trace.steps, trace.edges);
  const index = indexReport(researchReport(), edges);
  const lanes = trace.agents.map((a) => a.name);
  const offset = 2;
  const windowSteps = trace.steps.slice(offset, offset + 4);
  const window = {
    offset,
    total: trace.steps.length,
    density: buildDensity(lanes, trace.steps.length, 2, []),
    agentLinks: [],
  };

  it("timeline: marks sit at their run-wide index on a run-wide scale", () => {
    const whole = prepareTimeline(trace.steps, lanes, index, 910, 10);
    const part = prepareTimeline(windowSteps, lanes, index, 910, 10, window);
    expect(part.stepCount).toBe(trace.steps.length);
    for (const m of part.marks) expect(m).toEqual(whole.marks.find((w) => w.stepId === m.stepId));
  });

  it("steps canvas: a run-wide range selects the same steps from a window as from the whole run", () => {
    const state = { kinds: [...ALL_EDGE_KINDS], hiddenAgents: [], selection: null, range: [3, 4] as [number, number] };
    const whole = buildStepFlow({ agents: trace.agents, steps: trace.steps, edges, index, state });
    const part = buildStepFlow({ agents: trace.agents, steps: windowSteps, edges, index, state, offset });
    expect(part.nodes.map((n) => n.id)).toEqual(whole.nodes.map((n) => n.id));
    expect(part.layout.items).toEqual(whole.layout.items);
  });

  it("report briefs: the window's steps and the path survive trimming, nothing else", () => {
    const summary = summarizeReport(researchReport());
    const shipped = new Set(windowSteps.map((s) => s.id));
    const trimmed = trimReportToWindow(summary, shipped);
    for (const s of summary.steps)
      expect(trimmed.steps.includes(s)).toBe(shipped.has(s.stepId) || s.onPath || s.corrupted);
  });

  it("report paths: a path as long as the run is cut to its start and the window, keeping only true adjacencies", () => {
    const n = 20_000;
    const ids = Array.from({ length: n }, (_, i) => `p${i}`);
    const hops = ids.slice(1).map((id, i) => ({
      fromAgent: `a${i % 7}`,
      toAgent: `a${(i + 1) % 7}`,
      edgeKinds: ["message" as const],
      edgeIds: [`e${i}`, `e${i}b`],
    }));
    const summary = { ...summarizeReport(researchReport()), propagationPath: ids, channelPath: hops };
    const shipped = new Set(ids.slice(9000, 10_500));
    const shippedEdges = new Set(hops.slice(9000, 10_499).map((h) => h.edgeIds[0]));
    const trimmed = trimReportToWindow(summary, shipped, shippedEdges);
    expect(trimmed.propagationPath.length).toBeLessThan(2000);
    expect(trimmed.propagationPath.slice(0, 3)).toEqual(["p0", "p1", "p2"]);
    for (const id of shipped) expect(trimmed.propagationPath).toContain(id);
    // every pair of consecutive entries of shipped steps was consecutive on the whole path
    const at = new Map(ids.map((id, i) => [id, i]));
    trimmed.propagationPath.forEach((id, i) => {
      const next = trimmed.propagationPath[i + 1];
      if (next && shipped.has(id) && shipped.has(next)) expect(at.get(next)).toBe(at.get(id)! + 1);
    });
    expect(trimmed.channelPath.length).toBeLessThan(2000);
    const agentsOf = (h: { fromAgent: string; toAgent: string }) => [h.fromAgent, h.toAgent];
    expect(trimmed.channelPath.slice(0, 3).map(agentsOf)).toEqual(hops.slice(0, 3).map(agentsOf));
    // edge ids the window lacks are dropped, except each hop's last (the header links it)
    expect(trimmed.channelPath[0].edgeIds).toEqual(["e0b"]);
    expect(trimmed.channelPath.at(-1)!.toAgent).toBe(hops.at(-1)!.toAgent);
    expect(trimmed.trimmed).toEqual({
      pathLength: n,
      hopCount: hops.length,
      hopAgents: [...new Set(hops.map((h) => h.toAgent))],
    });
    expect(JSON.stringify(trimmed).length).toBeLessThan(JSON.stringify(summary).length / 5);
    // a short path is shipped as it is
    expect(trimReportToWindow(summarizeReport(researchReport()), shipped, shippedEdges).trimmed).toBeUndefined();
  });

  it("agents canvas: a window with whole-run aggregates draws the whole run's agents and counts", () => {
    const agentOf = new Map(trace.steps.map((s) => [s.id, s.agent]));
    const links = new Map<string, { from: string; to: string; kind: (typeof edges)[number]["kind"]; count: number }>();
    for (const e of edges) {
      const from = agentOf.get(e.from)!;
      const to = agentOf.get(e.to)!;
      if (from === to) continue;
      const key = `${from}>${to}>${e.kind}`;
      links.set(key, { from, to, kind: e.kind, count: (links.get(key)?.count ?? 0) + 1 });
    }
    const rows = trace.steps.map((s, i) => ({ agent: s.agent, bin: i, steps: 1, errors: 0 }));
    const full = {
      offset,
      total: trace.steps.length,
      density: buildDensity(lanes, trace.steps.length, 1, rows),
      agentLinks: [...links.values()],
    };
    const state = { kinds: [...ALL_EDGE_KINDS], hiddenAgents: [] };
    const shipped = new Set(windowSteps.map((s) => s.id));
    const windowEdges = edges.filter((e) => shipped.has(e.from) && shipped.has(e.to));
    const whole = buildAgentFlow({ agents: trace.agents, steps: trace.steps, edges, index, state });
    const part = buildAgentFlow({
      agents: trace.agents,
      steps: windowSteps,
      edges: windowEdges,
      index,
      state,
      window: full,
    });
    const summary = (f: typeof whole) => ({
      nodes: f.nodes.map((n) => [n.id, n.data.stepCount, n.position]),
      edges: f.edges.map((e) => [e.id, e.data!.count]).sort(),
    });
    expect(summary(part)).toEqual(summary(whole));
  });
});
