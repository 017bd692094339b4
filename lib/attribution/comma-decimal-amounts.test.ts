/**
 * Amounts written with a decimal comma ("7 318,46"), as OCR'd invoices and most of Europe give
 * them: an agent that quotes one as 7318.46 took it from the output, not out of thin air. A toy of
 * our own; the amounts are made up.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { ZTrace, type TTraceInput } from "../trace/schema";

const invoice =
  "Invoice Keel-A\nNet worth VAT [%] VAT Gross worth\n6 653,15 10% 665,31 7 318,46\nTotal $ 6 653,15 $ 665,31 $ 7 318,46";

function run(quoted: string) {
  const steps: TTraceInput["steps"] = [
    { id: "u", agent: "user", kind: "message", content: "Read the totals and the VAT off the Keel invoices." },
    { id: "c0", agent: "Reader", kind: "tool_call", tool: { name: "ocr", arguments: { file: "keel-b.jpg" } } },
    { id: "t0", agent: "ocr", kind: "tool_result", content: "Invoice Keel-B\nTotal: $4381" },
    { id: "c", agent: "Reader", kind: "tool_call", tool: { name: "ocr", arguments: { file: "keel-a.jpg" } } },
    { id: "t", agent: "ocr", kind: "tool_result", content: invoice },
    { id: "m", agent: "Reader", kind: "message", content: `Total: ${quoted}, VAT 665.31 (Keel-A).` },
    { id: "f", agent: "Clerk", kind: "final", content: `Gross total ${quoted}` },
  ];
  return analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Read the totals and the VAT off the Keel invoices." },
      agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
      steps,
      edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
    }),
  );
}

const findings = (r: ReturnType<typeof analyzeTrace>) =>
  r.steps.find((s) => s.stepId === "m")!.detectors.map((d) => d.name);

describe("an amount the output writes with a decimal comma", () => {
  it("is the source of the same amount quoted with a decimal point", () => {
    const r = run("7318.46");
    expect(findings(r)).not.toContain("ungrounded-value");
    expect(findings(r)).not.toContain("unsourced-value");
    expect(findings(r)).not.toContain("contradicts-source");
    // Nor does it contradict the other invoice's total, which an earlier output gave.
    expect(findings(r)).not.toContain("contradiction");
  });
  it("is no source of another amount (near miss: two digits swapped)", () => {
    const r = run("7381.46");
    expect(findings(r)).toContain("ungrounded-value");
    expect(r.decisive?.stepId).toBe("m");
  });
});
