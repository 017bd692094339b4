/**
 * How a replayed run is answered, call by call: the intervened agent's calls go upstream
 * (`resample`; `instruct` with an instruction appended to its system prompt) or get a given answer (`replace`, `drop`); every other call is answered from the
 * recording when the recording holds the same question at the same place (agent, the agent's
 * call index, request shape). The first call that does not match is a divergence: from then on
 * every call goes upstream, because the recorded answers no longer belong to this run.
 */
import type { Intervention } from "../replay/protocol";
import type { RecordedCall, Recording } from "./recording-format";

export type Decision =
  | { kind: "recording"; call: RecordedCall }
  | { kind: "replace"; text: string; intervention: Intervention }
  | { kind: "drop"; intervention: Intervention }
  | {
      kind: "upstream";
      reason: "resample" | "diverged" | "divergence";
      intervention?: Intervention;
      instruction?: string;
    };

export interface Divergence {
  /** Index of the call in the replayed run. */
  index: number;
  agent: string;
  agentCallIndex: number;
  reason: string;
}

export class ReplayPlan {
  divergence?: Divergence;
  private readonly byAgent = new Map<string, RecordedCall[]>();
  /** Recorded call index → the step interventions aimed at it. */
  private readonly stepInterventions = new Map<number, Intervention>();
  private readonly agentInterventions = new Map<string, Intervention>();

  constructor(
    recording: Recording,
    readonly interventions: readonly Intervention[],
    /** Culprit step id → recorded call index, for interventions that name a step without a sourceRef. */
    stepToCall: ReadonlyMap<string, number> = new Map(),
  ) {
    for (const c of recording.calls) {
      const list = this.byAgent.get(c.agent) ?? [];
      list.push(c);
      this.byAgent.set(c.agent, list);
    }
    const bySpan = new Map(recording.calls.map((c) => [c.spanId, c.index]));
    for (const iv of interventions) {
      if (iv.stepId === undefined && iv.sourceRef === undefined) {
        if (!this.agentInterventions.has(iv.agent)) this.agentInterventions.set(iv.agent, iv);
        continue;
      }
      const index =
        (iv.sourceRef !== undefined ? bySpan.get(iv.sourceRef) : undefined) ??
        (iv.stepId !== undefined ? stepToCall.get(iv.stepId) : undefined);
      if (index !== undefined && !this.stepInterventions.has(index)) this.stepInterventions.set(index, iv);
    }
  }

  decide(index: number, agent: string, agentCallIndex: number, shape: string): Decision {
    const recorded = this.byAgent.get(agent)?.[agentCallIndex];
    const iv =
      this.agentInterventions.get(agent) ?? (recorded ? this.stepInterventions.get(recorded.index) : undefined);
    if (iv) {
      if (iv.mode === "replace") return { kind: "replace", text: iv.output ?? "", intervention: iv };
      if (iv.mode === "drop") return { kind: "drop", intervention: iv };
      if (iv.mode === "instruct")
        return { kind: "upstream", reason: "resample", intervention: iv, instruction: iv.instruction };
      return { kind: "upstream", reason: "resample", intervention: iv };
    }
    if (this.divergence) return { kind: "upstream", reason: "diverged" };
    if (recorded && recorded.shape === shape) return { kind: "recording", call: recorded };
    this.divergence = {
      index,
      agent,
      agentCallIndex,
      reason: recorded
        ? `call ${agentCallIndex + 1} of ${agent} asks something the recording does not hold (the request differs)`
        : `${agent} makes a call the recording does not hold (its call ${agentCallIndex + 1})`,
    };
    return { kind: "upstream", reason: "divergence" };
  }
}
