import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TTrace } from "../trace/schema";
import { generateSuite } from "../synthetic/index";
import { firstAgent, lastAgent, majorityAgent, mostActiveAgent } from "./base-rates";
import { isDevSplitFile } from "./dev-split";
import { assignFolds, evaluateSubset } from "./evaluate-subset";
import { syntheticRecord, whoAndWhenRecord, type EvalRecord } from "./records";
import { wilson } from "./wilson";

describe("dev split guard", () => {
  it("accepts only odd-numbered record files", () => {
    expect(["1.json", "3.json", "101.json"].every(isDevSplitFile)).toBe(true);
    expect(["2.json", "10.json", "0.json", "x.json", "3.json.bak", "3a.json", "../3.json"].some(isDevSplitFile)).toBe(
      false,
    );
  });
});

describe("Wilson interval", () => {
  it("matches known values", () => {
    const [lo, hi] = wilson(5, 10);
    expect(lo).toBeCloseTo(0.2366, 3);
    expect(hi).toBeCloseTo(0.7634, 3);
    const [a, b] = wilson(42, 63);
    expect(a).toBeCloseTo(0.544, 3);
    expect(b).toBeCloseTo(0.771, 3);
    expect(wilson(0, 10)[0]).toBeCloseTo(0, 12);
    expect(wilson(10, 10)[1]).toBeCloseTo(1, 12);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe("cross-validation", () => {
  it("deals a seeded split into folds that differ in size by at most one", () => {
    const f = assignFolds(23, 5, "s");
    expect(assignFolds(23, 5, "s")).toEqual(f);
    const sizes = [0, 1, 2, 3, 4].map((k) => f.filter((x) => x === k).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(assignFolds(23, 5, "t")).not.toEqual(f);
  });

  it("fits on the training folds only, and each record is predicted once", () => {
    const records = generateSuite(24, "cv").map((r) => syntheticRecord(JSON.stringify(r.otlp), r.label));
    const failing = records.filter((r) => r.outcome === "failure");
    const seen: string[][] = [];
    const res = evaluateSubset("synthetic", records, {
      settings: ["no-ground-truth"],
      seed: "x",
      fit: (train) => {
        seen.push(train.map((r) => r.id));
        return {};
      },
    });
    const folds = assignFolds(failing.length, 5, "x:synthetic");
    // Five fold fits (plus one fit on all failing runs for the passing controls).
    expect(seen.length).toBe(6);
    for (let f = 0; f < 5; f++) {
      const test = failing.filter((_, i) => folds[i] === f).map((r) => r.id);
      expect(seen[f].some((id) => test.includes(id))).toBe(false);
      expect(seen[f].length + test.length).toBe(failing.length);
    }
    expect(res.settings["no-ground-truth"].agent.pooled.n).toBe(failing.length);
  });
});

describe("evaluation records", () => {
  it("hide labels and ground truth from the engine but keep the gold culprit", () => {
    const file = path.join(import.meta.dirname, "../importers/fixtures/who-and-when-hand-crafted.json");
    const r = whoAndWhenRecord(readFileSync(file, "utf8"), "1.json", "Hand-Crafted");
    expect(r.trace.labels).toEqual([]);
    expect(r.trace.run.groundTruth).toBeUndefined();
    expect(r.gold.agent).toBeTruthy();
    expect(r.groundTruth).toBeTruthy();
  });
});

describe("base rates", () => {
  const step = (id: string, agent: string, kind = "message", content = "text") =>
    ({ id, agent, kind, content, status: "unset" }) as TTrace["steps"][number];
  const trace = {
    steps: [
      step("0", "human"),
      step("1", "Orchestrator", "delegate"),
      step("2", "Surfer"),
      step("3", "Coder"),
      step("4", "Surfer"),
      step("5", "terminal", "tool_result"),
      step("6", "Coder"),
      step("7", "Surfer"),
    ],
  } as TTrace;

  it("name agents by their own work, with that agent's first step", () => {
    expect(mostActiveAgent(trace)).toEqual({ agent: "Surfer", stepId: "2" });
    expect(firstAgent(trace)).toEqual({ agent: "Surfer", stepId: "2" });
    expect(lastAgent(trace)).toEqual({ agent: "Surfer", stepId: "2" });
  });

  it("majority agent comes from the training labels", () => {
    const rec = (agent: string) => ({ gold: { agent, agents: [agent], stepIds: [] } }) as unknown as EvalRecord;
    expect(majorityAgent([rec("B"), rec("A"), rec("B")])).toBe("B");
    expect(majorityAgent([rec("B"), rec("A")])).toBe("A");
  });
});
