/** The one plain-English sentence that sums up a report. */
import type { ChannelHop, DecisiveError, InteractionClass, TokenBudgetConfound } from "./types";
import { nameList } from "./name-list";

export interface VerdictInput {
  analyzedAsFailure: boolean;
  decisive: DecisiveError | null;
  /** The decisive step's position in the run, from 1, as every view and every rule note numbers steps. */
  step: number;
  decisiveNote: string;
  channel: ChannelHop[];
  interaction: InteractionClass;
  budget: TokenBudgetConfound | null;
  /** Where the decision came from; a prior never reads as a root cause. */
  source?: "evidence" | "prior" | "undetermined";
  /** The run's outcome is unknown: the engine names suspects, not a root cause. */
  outcomeUnknown?: boolean;
  /**
   * Other agents whose steps the error reached when no unbroken chain of faulty steps leads to the
   * outcome (the channel is empty): the error still left the agent, so the sentence must not say it stayed.
   */
  carriedTo?: string[];
}

export function writeVerdict(x: VerdictInput): string {
  // An unknown outcome with no fault found is not a success: the sentence must not say the run passed.
  if (!x.analyzedAsFailure)
    return x.outcomeUnknown
      ? "The run's outcome is unknown and no step carries fault evidence, so no agent is blamed; credit is split by contribution."
      : "The run did not fail, so no agent is blamed; credit is split by contribution.";
  if (!x.decisive)
    return `No step carries fault evidence, so no root cause can be named (interaction: ${x.interaction}).`;
  const d = x.decisive;
  const route = x.channel.length
    ? `the error travelled ${[x.channel[0].fromAgent, ...x.channel.map((h) => `${h.toAgent} (${h.edgeKinds.join("/")})`)].join(" → ")}`
    : x.carriedTo?.length
      ? `the error was carried on by ${nameList(x.carriedTo)}`
      : "the error stayed within that agent";
  const budget = x.budget?.budgetLimited
    ? `; the run hit a token or turn budget, ${Math.round(x.budget.budgetShare * 100)}% of blame goes to the budget`
    : "";
  if (x.source === "prior")
    return `Undetermined: no evidence explains the failure (interaction: ${x.interaction}); weak suspect ${d.agent} at step ${x.step}, named only by a prior (${x.decisiveNote}).`;
  const head = x.outcomeUnknown ? "Suspect (the outcome is unknown)" : "Root cause";
  return `${head}: ${d.agent} at step ${x.step} (${x.decisiveNote}); ${route}; interaction ${x.interaction}; confidence ${Math.round(d.confidence * 100)}%${budget}.`;
}
