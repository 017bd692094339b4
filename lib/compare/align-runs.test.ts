import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importTrace, importValue } from "../importers";
import { alignRuns } from "./align-runs";
import { makeRun, pipelineSteps, PIPELINE_AGENTS } from "./test-runs";

describe("alignRuns", () => {
  it("aligns identical runs one to one with no divergence", () => {
    const a = makeRun(PIPELINE_AGENTS, pipelineSteps());
    const r = alignRuns(a, makeRun(PIPELINE_AGENTS, pipelineSteps()));
    expect(r.rows.map((row) => [row.aStepId, row.bStepId, row.status])).toEqual(
      a.steps.map((s) => [s.id, s.id, "same"]),
    );
    expect(r.firstDivergence).toBeNull();
    expect(r.cost).toBe(0);
  });

  it("treats case, whitespace and number spelling as the same content", () => {
    const b = pipelineSteps();
    b[2] = { ...b[2], content: "osaka north  = 2140 and OSAKA SOUTH = 1,532.0 (jpy millions)." };
    const r = alignRuns(makeRun(PIPELINE_AGENTS, pipelineSteps()), makeRun(PIPELINE_AGENTS, b));
    expect(r.rows[2].status).toBe("same");
    expect(r.firstDivergence).toBeNull();
  });

  it("finds one inserted step, and diverges exactly there", () => {
    const b = pipelineSteps();
    b.splice(3, 0, {
      id: "r3",
      agent: "Researcher",
      kind: "message",
      content: "Double-checking the South figure with finance.",
    });
    const r = alignRuns(makeRun(PIPELINE_AGENTS, pipelineSteps()), makeRun(PIPELINE_AGENTS, b));
    expect(r.rows.map((row) => [row.aStepId, row.bStepId])).toEqual([
      ["p1", "p1"],
      ["r1", "r1"],
      ["r2", "r2"],
      [null, "r3"],
      ["a1", "a1"],
      ["w1", "w1"],
    ]);
    expect(r.firstDivergence).toBe(3);
    expect(r.rows[3].status).toBe("only-b");
    expect(r.counts).toMatchObject({ same: 5, "only-b": 1, changed: 0 });
  });

  it("puts the first divergence at one changed value, naming the values", () => {
    const b = pipelineSteps();
    b[2] = { ...b[2], content: "Osaka North = 2,140 and Osaka South = 1385 (JPY millions)." };
    const r = alignRuns(makeRun(PIPELINE_AGENTS, pipelineSteps()), makeRun(PIPELINE_AGENTS, b));
    expect(r.firstDivergence).toBe(2);
    expect(r.rows[2]).toMatchObject({ aStepId: "r2", bStepId: "r2", status: "changed", note: "value 1532 → 1385" });
    expect(r.rows.filter((row) => row.divergent)).toHaveLength(1);
  });

  it("flags a step that errors in one run and not the other", () => {
    const b = pipelineSteps();
    b[1] = { ...b[1], status: "ok" };
    const r = alignRuns(makeRun(PIPELINE_AGENTS, pipelineSteps()), makeRun(PIPELINE_AGENTS, b));
    expect(r.firstDivergence).toBe(1);
    expect(r.rows[1].note).toBe("status error → ok");
  });

  it("never pairs steps of different agents", () => {
    const b = pipelineSteps();
    b[3] = { ...b[3], agent: "Writer" };
    const r = alignRuns(makeRun(PIPELINE_AGENTS, pipelineSteps()), makeRun(PIPELINE_AGENTS, b));
    for (const row of r.rows)
      if (row.a !== null && row.b !== null) expect(pipelineSteps()[row.a].agent).toBe(b[row.b].agent);
    expect(r.firstDivergence).toBe(3);
  });

  it("is deterministic", () => {
    const b = pipelineSteps().reverse();
    const run = () => JSON.stringify(alignRuns(makeRun(PIPELINE_AGENTS, pipelineSteps()), makeRun(PIPELINE_AGENTS, b)));
    expect(run()).toBe(run());
  });

  describe("across formats and granularity", () => {
    const otlp = importTrace(
      fs.readFileSync(path.join(import.meta.dirname, "../importers/fixtures/otlp-genai-multi-agent.json"), "utf8"),
    ).trace;
    /** The same run as the OTLP fixture, logged Who&When-style: one message per agent turn, no tool or state steps. */
    const chatLog = (researcherSays: string) =>
      importValue(
        {
          question: "Write a short report on the capital of Australia.",
          ground_truth: "Canberra, since 1913",
          history: [
            { role: "Researcher", content: researcherSays },
            {
              role: "Writer",
              content:
                "Draft article: Canberra became the capital of Australia in 1908 as a compromise between Sydney and Melbourne rivals.",
            },
            { role: "Supervisor", content: "Canberra has been the capital since 1908." },
          ],
          mistake_agent: "Researcher",
          mistake_step: "0",
        },
        { format: "who-and-when" },
      ).trace;

    it("matches agents across spellings and sees no divergence in the same behaviour", () => {
      const chat = chatLog(
        "The capital of Australia is Canberra, chosen in 1908 as a compromise between Sydney and Melbourne.",
      );
      expect(otlp.run.sourceFormat).toBe("otlp");
      expect(chat.run.sourceFormat).toBe("who-and-when");
      const r = alignRuns(otlp, chat);
      expect(r.agents.filter((m) => m.a && m.b).map((m) => [m.a, m.b, m.by])).toEqual([
        ["supervisor", "Supervisor", "normalized-name"],
        ["researcher", "Researcher", "normalized-name"],
        ["writer", "Writer", "normalized-name"],
      ]);
      // Every chat message is paired with an OTLP step of the same agent.
      const paired = r.rows.filter((row) => row.a !== null && row.b !== null);
      expect(paired.map((row) => chat.steps[row.b!].agent)).toEqual(["Researcher", "Writer", "Supervisor"]);
      expect(r.firstDivergence).toBeNull();
      // The OTLP-only steps (wrapper, duplicate llm span, tool and state spans) are granularity, not behaviour.
      expect(r.counts.granularity).toBe(otlp.steps.length - 3);
    });

    it("still finds a changed value across formats", () => {
      const chat = chatLog(
        "The capital of Australia is Canberra, chosen in 1911 as a compromise between Sydney and Melbourne.",
      );
      const r = alignRuns(otlp, chat);
      const first = r.rows[r.firstDivergence!];
      expect(first.bStepId).toBe(chat.steps[0].id);
      expect(first.note).toBe("value 1908 → 1911");
    });
  });
});

describe("alignRuns: the first divergence is content", () => {
  it("skips a status-only change (a root span's error) for the first changed value after it", () => {
    const a = pipelineSteps();
    const b = pipelineSteps();
    a[0] = { ...a[0], status: "error" };
    b[3] = { ...b[3], content: `${b[3].content} Osaka South = 1385.` };
    const r = alignRuns(makeRun(PIPELINE_AGENTS, a), makeRun(PIPELINE_AGENTS, b));
    expect(r.rows[0]).toMatchObject({ status: "changed", divergent: true, statusOnly: true });
    expect(r.firstDivergence).toBe(3);
    expect(r.rows[3].statusOnly).toBeUndefined();
  });

  it("names both the content and the status when both changed", () => {
    const b = pipelineSteps();
    b[1] = { ...b[1], status: "ok", content: "Osaka South: 1385" };
    const r = alignRuns(makeRun(PIPELINE_AGENTS, pipelineSteps()), makeRun(PIPELINE_AGENTS, b));
    expect(r.firstDivergence).toBe(1);
    expect(r.rows[1].note).toMatch(/status error → ok$/);
    expect(r.rows[1].statusOnly).toBeUndefined();
  });
});
