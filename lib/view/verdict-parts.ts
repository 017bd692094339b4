/**
 * The verdict header's structured parts. The engine writes the sentence (`report.verdict`); the
 * page also needs the pieces as links (agent, step, each hop) and short facts (class, confidence).
 */
import type { ChannelHop } from "../attribution/types";
import type { ReportSummary } from "./types";

export interface VerdictParts {
  culpritAgent: string | null;
  decisiveStepId: string | null;
  /** Agent names in the order corruption crossed them, with the channel kinds of each hop. */
  hops: ChannelHop[];
  /** How many hops the whole path has (more than `hops` when a large run's window trimmed them). */
  hopCount: number;
  victims: string[];
  interaction: string;
  interactionRule: string;
  confidence: number | null;
  /** Set when the failure looks budget-limited: part of the blame went to the token budget. */
  budgetNote: string | null;
}

export function verdictParts(
  report: Pick<ReportSummary, "decisive" | "channelPath" | "interaction" | "trimmed"> & {
    flags: Pick<ReportSummary["flags"], "tokenBudgetConfound">;
  },
): VerdictParts {
  const culprit = report.decisive?.agent ?? null;
  const victims = [...new Set(report.trimmed?.hopAgents ?? report.channelPath.map((h) => h.toAgent))].filter(
    (a) => a !== culprit,
  );
  const budget = report.flags.tokenBudgetConfound;
  return {
    culpritAgent: culprit,
    decisiveStepId: report.decisive?.stepId ?? null,
    hops: report.channelPath,
    hopCount: report.trimmed?.hopCount ?? report.channelPath.length,
    victims,
    interaction: report.interaction.class,
    interactionRule: report.interaction.rule,
    confidence: report.decisive?.confidence ?? null,
    budgetNote:
      budget && budget.budgetLimited
        ? `Token budget: ${Math.round(budget.budgetShare * 100)}% of the blame goes to the budget (${budget.totalTokens.toLocaleString("en-US")} tokens used).`
        : null,
  };
}
