/**
 * A period named in words ("the night shift") is read where a result says a value is its period: a
 * lookup that comes back with another period ending in the same word answered another question.
 * Toys of our own: a depot's shifts.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { keepsNamedPeriod, otherNamedPeriod } from "./named-periods";

const ask = "How many parcels did the Harrow and Ostend depots sort during the night shift? One total, please.";

function run(brief: string, lookedUp = "the day shift", asked = "") {
  const steps: TTraceInput["steps"] = [
    { id: "q", agent: "Dispatcher", kind: "message", content: ask },
    { id: "m1", agent: "Marlow", kind: "message", content: `Ines, ${brief}` },
    {
      id: "c1",
      agent: "Ines",
      kind: "message",
      content: `\`\`\`python\nprint(parcels(depot="Harrow"${asked}))\n\`\`\``,
    },
    { id: "r1", agent: "Runner", kind: "tool_result", content: `depot: Harrow\nperiod: ${lookedUp}\nparcels: 7412` },
    { id: "i1", agent: "Ines", kind: "message", content: "Harrow sorted 7,412 parcels." },
    {
      id: "c2",
      agent: "Ines",
      kind: "message",
      content: `\`\`\`python\nprint(parcels(depot="Ostend"${asked}))\n\`\`\``,
    },
    {
      id: "r2",
      agent: "Runner",
      kind: "tool_result",
      content: `depot | period | parcels\nOstend | ${lookedUp} | 5930`,
    },
    { id: "i2", agent: "Ines", kind: "message", content: "Ostend sorted 5,930 parcels." },
    { id: "f", agent: "Marlow", kind: "final", content: "Total: 7,412 + 5,930 = 13,342 parcels." },
  ];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: ask },
    agents: [{ name: "Dispatcher", kind: "task_giver" }, { name: "Marlow" }, { name: "Ines" }, { name: "Runner" }],
    steps,
  });
}

const dropped = (r: ReturnType<typeof analyzeTrace>) => r.claims?.filter((c) => c.detector === "dropped-constraint");

describe("a period named in words", () => {
  it("is read from a period field whose last word the task uses, with other words before it", () => {
    const table = "depot | period | parcels\nOstend | the day shift | 5930";
    expect(otherNamedPeriod(table, ask)).toEqual({ raw: "the day shift", wanted: "night shift" });
    expect(otherNamedPeriod("period: the late day shift\nparcels: 7", ask)?.wanted).toBe("night shift");
  });

  it("is read under each name a period field or column takes, in any case", () => {
    for (const name of ["Period", "time period", "timeperiod", "Time frame", "TIMEFRAME"]) {
      expect(otherNamedPeriod(`${name}: the day shift`, ask)?.wanted).toBe("night shift");
      expect(otherNamedPeriod(`depot | ${name} | parcels\nOstend | the day shift | 5930`, ask)?.raw).toBe(
        "the day shift",
      );
    }
  });

  it("near misses: the task's own period, a word the task does not use, a year, a one-word value", () => {
    expect(otherNamedPeriod("period: the night shift", ask)).toBeUndefined();
    expect(otherNamedPeriod("period: the summer rota", ask)).toBeUndefined();
    expect(otherNamedPeriod("period: the 2023 shift", ask)).toBeUndefined();
    expect(otherNamedPeriod("period: shift", ask)).toBeUndefined();
    expect(otherNamedPeriod("period: the shift", ask)).toBeUndefined();
    expect(otherNamedPeriod("period: await shift('[[x", ask)).toBeUndefined();
    // A record's heading slice need not be a period ("Harrow, the day shift" reads like "Harrow, main branch").
    expect(otherNamedPeriod("Harrow, the day shift: parcels = 7", ask)).toBeUndefined();
    // Read only from a period field: prose that mentions another shift says nothing.
    expect(otherNamedPeriod("The day shift sorted 7 parcels at Harrow.", ask)).toBeUndefined();
  });

  it("a text keeps the period when it names it word for word", () => {
    const p = { raw: "the day shift", wanted: "night shift" };
    expect(keepsNamedPeriod("Sort count for the Night Shift, please", p)).toBe(true);
    expect(keepsNamedPeriod("the midnight shift", p)).toBe(false);
  });

  it("the brief that addressed the worker without the task's period is where the error entered", () => {
    const r = analyzeTrace(run("look up the parcels of the Harrow and Ostend depots."));
    expect(dropped(r)?.map((c) => c.stepId)).toEqual(["m1"]);
    expect(dropped(r)?.[0].note).toContain("without the task's night shift");
    expect(r.decisive?.agent).toBe("Marlow");
    expect(r.decisive?.stepId).toBe("m1");
  });

  it("a worker that had the period and looked up another one is the one that dropped it", () => {
    const r = analyzeTrace(run("look up the night shift parcels of the Harrow and Ostend depots."));
    expect(dropped(r)?.[0]?.stepId).toBe("c1");
    expect(r.decisive?.agent).toBe("Ines");
  });

  it("near miss: a lookup that asked for the task's period and got another one dropped nothing", () => {
    const r = analyzeTrace(run("look up the night shift parcels.", "the day shift", ', period="night shift"'));
    expect(dropped(r) ?? []).toEqual([]);
  });

  it("near miss: lookups that came back with the task's own period drop nothing", () => {
    const r = analyzeTrace(run("look up the parcels of the Harrow and Ostend depots.", "the night shift"));
    expect(dropped(r) ?? []).toEqual([]);
  });
});
