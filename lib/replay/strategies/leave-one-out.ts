/**
 * Leave-one-out on the repair game (§6, "Agent That Matters"): v(S) = 1 when resampling the agents
 * in S makes the run succeed. LOO_i = v(N) − v(N∖{i}): 1 means agent i's repair is necessary.
 * n + 1 replays.
 */
import type { ReplayFn } from "../protocol";

export interface LeaveOneOutResult {
  /** v(N): whether resampling every listed agent succeeds. */
  allRepaired: "success" | "failure";
  values: Record<string, number>;
  /** Agents whose repair is necessary (LOO = 1). */
  necessary: string[];
  note: string;
}

export async function leaveOneOut(agents: readonly string[], replay: ReplayFn): Promise<LeaveOneOutResult> {
  const resampleAll = (list: readonly string[]) => replay(list.map((agent) => ({ agent, mode: "resample" as const })));
  const allRepaired = await resampleAll(agents);
  const values: Record<string, number> = {};
  if (allRepaired === "failure") {
    for (const a of agents) values[a] = 0;
    return {
      allRepaired,
      values,
      necessary: [],
      note: "resampling every agent still fails, so no single agent's repair is necessary",
    };
  }
  for (const a of agents) {
    const without = await resampleAll(agents.filter((b) => b !== a));
    values[a] = without === "failure" ? 1 : 0;
  }
  const necessary = agents.filter((a) => values[a] === 1);
  return {
    allRepaired,
    values,
    necessary,
    note: necessary.length
      ? `repair of ${necessary.join(", ")} is necessary`
      : "no single agent's repair is necessary (redundant faults)",
  };
}
