/**
 * A speaker that answers calls written into the text (`rain_db(station="Ostend")`) as a program
 * would is the environment: its numbers are observations, not claims, so it is never the origin of
 * a value. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";

const task = "What was the total March rainfall at Ostend, Brugge and Knokke in mm?";
const steps: TTraceInput["steps"] = [
  { id: "q", agent: "client", kind: "message", content: task },
  { id: "a1", agent: "Gauge", kind: "message", content: 'Looking it up.\nrain_db(station="Ostend", month="March")' },
  { id: "r1", agent: "pipe", kind: "message", content: "station | month | mm\nOstend | March | 61.4" },
  { id: "a2", agent: "Gauge", kind: "message", content: 'rain_db(station="Brugge", month="March")' },
  { id: "r2", agent: "pipe", kind: "message", content: "station | month | mm\nBrugge | March | 58.2" },
  { id: "a3", agent: "Gauge", kind: "message", content: "Knokke had 47.9 mm in March." },
  { id: "a4", agent: "Gauge", kind: "message", content: "add(values=[61.4, 58.2, 47.9])" },
  { id: "r3", agent: "pipe", kind: "message", content: "167.5" },
  { id: "f", agent: "Scribe", kind: "final", content: "Total March rainfall: 167.5 mm." },
];
const trace = ZTrace.parse({
  schema: "culprit.trace/v1",
  run: { outcome: "failure", task, finalAnswer: "167.5 mm" },
  agents: [{ name: "client", kind: "task_giver" }, { name: "Gauge" }, { name: "pipe" }, { name: "Scribe" }],
  steps,
});

describe("a speaker answering calls written into the text", () => {
  const r = analyzeTrace(trace);
  it("is the environment", () => {
    expect(r.participants?.find((p) => p.agent === "pipe")?.kind).toBe("environment");
  });
  it("is never the origin of a value; the invented one is", () => {
    expect(r.decisive?.agent).toBe("Gauge");
    expect(r.decisive?.stepId).toBe("a3");
  });
});
