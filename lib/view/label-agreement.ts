/**
 * Does the engine agree with a human (or dataset) label? Compared on the agent and, when the label
 * names one, on the step: a step label may use the trace's step id or the source's own reference.
 */
import type { ReportSummary } from "./types";

export type Agreement = "agrees" | "disagrees" | "no-verdict" | "not-labelled";

export interface LabelAgreement {
  agent: Agreement;
  step: Agreement;
}

export function labelAgreement(
  label: { agent: string | null; stepId: string | null },
  report: Pick<ReportSummary, "decisive"> | null,
): LabelAgreement {
  const decisive = report?.decisive ?? null;
  const compare = (labelled: string | null, matches: (value: string) => boolean): Agreement =>
    labelled === null || labelled === ""
      ? "not-labelled"
      : !decisive
        ? "no-verdict"
        : matches(labelled)
          ? "agrees"
          : "disagrees";
  return {
    agent: compare(label.agent, (a) => a === decisive!.agent),
    step: compare(label.stepId, (s) => s === decisive!.stepId || s === decisive!.sourceRef),
  };
}
