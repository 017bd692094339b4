/**
 * A thing said to be missing that its own lookup showed, and the near misses that must stay quiet:
 * no identifier, an empty field, a listing that only mentions the thing, a noun that is no field,
 * and a newer record of the thing without the field.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";
import { failedRun } from "../test-graphs";
import { buildProvenance } from "./provenance";
import { findAbsenceMisreads } from "./absence-claims";

type Step = TTraceInput["steps"][number];

const TASK = "Where is my parcel SHP-40917?";
const RECORD = "shipment_id: SHP-40917\nstatus: in transit\ncarrier_ref: CX-88120\nweight_kg: 2.4";

/** A desk agent looks the shipment up (or reads `outputs` in turn), then replies; the customer closes. */
function deskRun(reply: string, outputs: string[] = [RECORD]) {
  const steps: Step[] = [{ id: "ask", agent: "customer", kind: "message", content: TASK }];
  outputs.forEach((content, i) => {
    steps.push({ id: `call${i}`, agent: "Desk", kind: "message", content: 'get_shipment({"id": "SHP-40917"})' });
    steps.push({ id: `out${i}`, agent: "tool", kind: "tool_result", content });
  });
  steps.push({ id: "reply", agent: "Desk", kind: "message", content: reply });
  steps.push({ id: "fin", agent: "customer", kind: "final", content: "Thanks, I will wait then." });
  return failedRun(TASK, steps);
}

function findings(t: ReturnType<typeof failedRun>) {
  const g = buildGraph(t, resolveConfig({}));
  return findAbsenceMisreads(g, buildProvenance(g)).map((f) => ({ ...f, stepId: g.steps[f.step].id }));
}

describe("findAbsenceMisreads", () => {
  it("flags a field said to be missing that the thing's own record holds", () => {
    for (const reply of [
      "Parcel SHP-40917 does not have a carrier reference yet, so I cannot track it.",
      "I checked: SHP-40917 has no carrier reference assigned.",
      "For #SHP-40917 there is no carrier ref on file.",
    ]) {
      const [f] = findings(deskRun(reply));
      expect(f?.name, reply).toBe("contradicts-output");
      expect(f?.stepId).toBe("reply");
      expect(f?.against).toBe(2);
      expect(f?.note).toContain("carrier_ref: CX-88120");
      // The noun ends where the sentence goes on about it ("… yet", "… assigned", "… on file").
      expect(f?.note).toMatch(/has no carrier ref(?:erence)?, but step 3/);
    }
  });

  it("stays quiet without an identifier, for an empty field, or for a noun no key shares", () => {
    expect(findings(deskRun("It does not have a carrier reference yet."))).toEqual([]);
    const empty = RECORD.replace("CX-88120", "none");
    expect(findings(deskRun("Parcel SHP-40917 does not have a carrier reference yet.", [empty]))).toEqual([]);
    expect(findings(deskRun("Parcel SHP-40917 has no insurance, sadly."))).toEqual([]);
    // A word that cannot start a field's name: "no further …", "no other …".
    expect(findings(deskRun("Parcel SHP-40917 has no further carrier notes."))).toEqual([]);
    expect(findings(deskRun("Parcel SHP-40917 has no other carrier ref, only this one."))).toEqual([]);
    expect(findings(deskRun("Parcel SHP-40917 has no because."))).toEqual([]);
  });

  it("reads only the thing's own record: a listing that mentions it is not, and the newest record decides", () => {
    const listing = "customer: Ana Ruiz\nshipments: SHP-40917\ncarrier_ref: CX-55555";
    expect(findings(deskRun("Parcel SHP-40917 does not have a carrier reference yet.", [listing]))).toEqual([]);
    const newer = "shipment_id: SHP-40917\nstatus: returned\nweight_kg: 2.4";
    expect(findings(deskRun("Parcel SHP-40917 does not have a carrier reference now.", [RECORD, newer]))).toEqual([]);
    expect(
      findings(deskRun("Parcel SHP-40917 does not have a carrier reference now.", [newer, RECORD])).map(
        (f) => f.stepId,
      ),
    ).toEqual(["reply"]);
  });

  it("names the reply as the decisive step of the failed run", () => {
    const report = analyzeTrace(deskRun("Parcel SHP-40917 does not have a carrier reference yet."));
    expect(report.decisive?.stepId).toBe("reply");
    expect(report.decisive?.evidence.note).toContain("carrier_ref");
  });
});
