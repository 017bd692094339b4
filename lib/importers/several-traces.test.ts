import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace, importTraces } from "./index";

const REAL = path.resolve(import.meta.dirname, "../../test/fixtures/real");
const read = (rel: string) => JSON.parse(fs.readFileSync(path.join(REAL, rel), "utf8")) as unknown[];

/** Two real Monocle recordings (two trace ids, two roots) saved as one array, as a span dump of a process running both would be. */
const twoTraces = () =>
  JSON.stringify([...read("monocle/test_adk_multi_agent.json"), ...read("monocle/test_crewai_multi_agent.json")]);

describe("a file holding several traces (issue 11 item 9)", () => {
  it("imports each trace as its own run, in file order, without the merge warning", () => {
    const results = importTraces(twoTraces());
    expect(results).toHaveLength(2);
    expect(results.map((r) => r.trace.steps.length)).toEqual([11, 17]);
    expect(results[0].trace.agents.map((a) => a.name)).toEqual(["supervisor", "flight_assistant", "hotel_assistant"]);
    expect(results[1].trace.agents.map((a) => a.name)).toEqual([
      "Hotel Booking Agent",
      "Flight Booking Agent",
      "Travel Supervisor",
    ]);
    expect(results.map((r) => r.trace.run.attributes?.["otel.trace_ids"])).toEqual([
      ["bdd45f1cd66c99ab9d2dc63ece3ee024"],
      ["7655d80546ed2b4d99a4f86649ccf516"],
    ]);
    for (const r of results) expect(r.trace.warnings.join(" ")).not.toMatch(/traces/);
  });

  it("importTrace returns the first and says how many others there are, never a silent merge", () => {
    const { trace } = importTrace(twoTraces());
    expect(trace.steps).toHaveLength(11);
    expect(trace.warnings).toContain(
      "the file holds 2 traces; this run is the first, the other 1 were not imported here (the CLI and POST /api/runs import each as its own run)",
    );
  });

  it("OTLP requests with two trace ids split the same way", () => {
    const span = (traceId: string, spanId: string, name: string) => ({
      traceId,
      spanId,
      name,
      startTimeUnixNano: "1700000000000000000",
      endTimeUnixNano: "1700000001000000000",
      attributes: [{ key: "gen_ai.agent.name", value: { stringValue: name } }],
    });
    const request = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                span("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331", "alpha"),
                span("1af7651916cd43dd8448eb211c80319c", "c7ad6b7169203331", "beta"),
              ],
            },
          ],
        },
      ],
    };
    const results = importTraces(JSON.stringify(request));
    expect(results.map((r) => r.trace.agents.map((a) => a.name))).toEqual([["alpha"], ["beta"]]);
  });

  it("a single-trace file is one result, exactly as importTrace returns it", () => {
    const text = fs.readFileSync(path.join(REAL, "monocle/test_adk_multi_agent.json"), "utf8");
    expect(importTraces(text)).toEqual([importTrace(text)]);
  });
});

describe("several Langfuse downloads saved as one list", () => {
  it("are one run each", () => {
    const one = JSON.parse(fs.readFileSync(path.join(REAL, "agent-prism/langfuse-2.langfuse-export.json"), "utf8"));
    const results = importTraces(JSON.stringify([one, one]));
    expect(results.map((r) => [r.format, r.trace.steps.length, r.trace.run.title])).toEqual([
      ["langfuse", 7, "QA-Chatbot"],
      ["langfuse", 7, "QA-Chatbot"],
    ]);
  });
});
