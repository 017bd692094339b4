import { describe, expect, it } from "vitest";
import { importTrace } from "../importers/index";
import { generateRun, generateSuite, supportedPairs } from "./index";

const digits = (s: string) => (s.match(/\d[\d,]*\d|\d/g) ?? []).map((x) => x.replace(/,/g, ""));

describe("synthetic run generator", () => {
  const pairs = supportedPairs();

  it("covers every topology and every fault kind", () => {
    expect(new Set(pairs.map((p) => p.topology))).toEqual(
      new Set(["pipeline", "orchestrator", "shared-memory", "voting"]),
    );
    expect(new Set(pairs.map((p) => p.fault)).size).toBe(10);
  });

  for (const { topology, fault } of pairs) {
    it(`${topology} × ${fault}: imports as OTLP with the label's agents, steps and outcome`, () => {
      for (const seed of ["a", "b", "c"]) {
        const run = generateRun(topology, fault, seed);
        const text = JSON.stringify(run.otlp);
        const { format, trace } = importTrace(text);
        expect(format).toBe("otlp");
        const label = run.label;
        const agents = new Set(trace.agents.map((a) => a.name));
        for (const a of label.agents) expect(agents, `agent ${a}`).toContain(a);
        expect(trace.run.outcome).toBe(label.outcome);
        // The run fails exactly when the fault reaches the final answer.
        const expectFailure = !["none", "minority-wrong-voters"].includes(fault);
        expect(label.outcome).toBe(expectFailure ? "failure" : "success");
        const finalNumbers = digits(label.finalAnswer);
        if (expectFailure) expect(finalNumbers).not.toContain(label.expectedAnswer);
        else expect(finalNumbers).toContain(label.expectedAnswer);
        const byId = new Map(trace.steps.map((s) => [s.id, s]));
        if (!expectFailure) {
          expect(label.culpritAgent).toBeUndefined();
          expect(label.decisiveStepIds).toEqual([]);
          continue;
        }
        expect(label.culpritAgents.length).toBeGreaterThan(0);
        expect(label.culpritAgents[0]).toBe(label.culpritAgent);
        label.culpritAgents.forEach((agent, i) => {
          const step = byId.get(label.decisiveStepIds[i]);
          expect(step, `decisive step of ${agent}`).toBeDefined();
          expect(step!.agent).toBe(agent);
          expect(step!.kind).not.toBe("agent"); // a container span is never the origin
        });
        const decisive = byId.get(label.decisiveStepId!)!;
        expect(decisive.parentId).toBe(label.decisiveContainerStepId);
        expect(byId.get(label.decisiveContainerStepId!)?.kind).toBe("agent");
        // A victim is never the culprit, and a rubber stamp is never the culprit.
        if (label.lastTouchAgent) expect(label.culpritAgents).not.toContain(label.lastTouchAgent);
        if (label.rubberStampAgent) expect(label.culpritAgents).not.toContain(label.rubberStampAgent);
        if (fault === "wrong-voters") expect(label.culpritAgents.length).toBeGreaterThanOrEqual(2);
      }
    });
  }

  it("labels the step where the wrong value first appears (containers aside: spans that wrap others)", () => {
    let checked = 0;
    for (const seed of ["p1", "p2", "p3"])
      for (const run of generateSuite(63, seed)) {
        const label = run.label;
        if (label.outcome !== "failure") continue;
        if (label.fault === "dropped-constraint") {
          expect(label.wrongValue).toBeUndefined(); // an instruction that states no number
          continue;
        }
        expect(label.wrongValue, `${label.fault} ${seed}`).toMatch(/^\d+$/);
        const { trace } = importTrace(JSON.stringify(run.otlp));
        const containers = new Set(trace.steps.map((s) => s.parentId));
        const first = trace.steps.find(
          (s) =>
            !containers.has(s.id) &&
            digits(`${s.content} ${JSON.stringify(s.tool?.arguments ?? "")}`).includes(label.wrongValue!),
        );
        expect(first?.id, `${label.fault} ${seed} ${label.file}`).toBe(label.decisiveStepId);
        checked++;
      }
    expect(checked).toBeGreaterThan(100);
  });

  it("keeps the ground truth out of the trace", () => {
    for (const run of generateSuite(21, 3)) {
      const text = JSON.stringify(run.otlp);
      expect(text).not.toMatch(/culprit|fault|ground.?truth|decisive|misquot|fabricat/i);
      expect(text).not.toContain(run.label.note);
    }
  });

  it("is deterministic: same seed, byte-identical files; another seed, other files", () => {
    const a = generateSuite(30, 7);
    const b = generateSuite(30, 7);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = generateSuite(30, 8);
    expect(JSON.stringify(c.map((r) => r.otlp))).not.toBe(JSON.stringify(a.map((r) => r.otlp)));
    expect(c.map((r) => `${r.label.topology}/${r.label.fault}`)).toEqual(
      a.map((r) => `${r.label.topology}/${r.label.fault}`),
    );
  });

  it("varies names and phrasing across runs and includes distractors and controls", () => {
    const suite = generateSuite(72, 1);
    const culprits = new Set(suite.map((r) => r.label.culpritAgent).filter(Boolean));
    expect(culprits.size).toBeGreaterThanOrEqual(15);
    const openings = new Set(
      suite.map((r) =>
        r.label.finalAnswer
          .replace(/\d[\d,]*/g, "#")
          .split(" ")
          .slice(0, 2)
          .join(" "),
      ),
    );
    expect(openings.size).toBeGreaterThanOrEqual(8);
    const distractors = new Set(suite.flatMap((r) => r.label.distractors));
    expect(distractors).toContain("recovered-tool-error");
    expect(distractors).toContain("irrelevant-numbers");
    expect(suite.filter((r) => r.label.outcome === "success").length).toBeGreaterThanOrEqual(10);
    expect(suite.some((r) => r.label.rubberStampAgent)).toBe(true);
  });

  it("refuses an unsupported pair and an unbounded suite", () => {
    expect(() => generateRun("voting", "corrupted-memory-write", "x")).toThrow(/does not support/);
    expect(() => generateSuite(0, 1)).toThrow();
    expect(() => generateSuite(1_000_000, 1)).toThrow();
  });
});
