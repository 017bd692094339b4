/**
 * The replay protocol `culprit.replay/v1` (docs/replay-protocol.md): what Culprit sends to a
 * system's replay endpoint and what it accepts back. Shared by the CLI, the server and demo-mas.
 */
import { z } from "zod";

export const REPLAY_PROTOCOL = "culprit.replay/v1" as const;
/** Longest corrective instruction an `instruct` intervention carries. */
export const MAX_INSTRUCTION = 4000;

/**
 * One change to the original run. `resample` re-executes the step (or every step of the agent when
 * `stepId` is omitted) honestly, as if nothing had gone wrong there; `replace` substitutes `output`;
 * `drop` removes the step's output; `instruct` re-executes the agent with `instruction` appended to
 * its system prompt (a corrective instruction, `culprit fix`, docs/fixes.md).
 */
export const ZIntervention = z
  .object({
    agent: z.string().min(1).max(256),
    stepId: z.string().min(1).max(256).optional(),
    /** The step's id in the system's own trace (an OTLP span id); what the system can look up. */
    sourceRef: z.string().min(1).max(256).optional(),
    mode: z.enum(["replace", "drop", "resample", "instruct"]),
    output: z.string().optional(),
    instruction: z.string().min(1).max(MAX_INSTRUCTION).optional(),
  })
  .refine((iv) => iv.mode !== "replace" || iv.output !== undefined, {
    message: 'mode "replace" needs an output',
    path: ["output"],
  })
  .refine((iv) => iv.mode !== "instruct" || iv.instruction !== undefined, {
    message: 'mode "instruct" needs an instruction',
    path: ["instruction"],
  });
export type Intervention = z.infer<typeof ZIntervention>;

export const ZReplayOutcome = z.enum(["success", "failure"]);
export type ReplayOutcome = z.infer<typeof ZReplayOutcome>;

/** What identifies the original run to the system that produced it. */
export const ZReplayRun = z.object({
  id: z.string().optional(),
  title: z.string().optional(),
  system: z.string().optional(),
  /** sha256 of Culprit's canonical trace. */
  contentHash: z.string().optional(),
  sourceFormat: z.string().optional(),
  /** OpenTelemetry trace ids of the run, when it came from OTLP. */
  traceIds: z.array(z.string()).default([]),
  attributes: z.record(z.string(), z.unknown()).default({}),
});
export type ReplayRun = z.infer<typeof ZReplayRun>;

export const ZReplayRequest = z.object({
  protocol: z.literal(REPLAY_PROTOCOL),
  run: ZReplayRun,
  /** The first (or only) intervention: enough for endpoints that support one change at a time. */
  intervention: ZIntervention.optional(),
  /** All interventions of this replay (empty: re-execute the run unchanged). */
  interventions: z.array(ZIntervention).max(10_000),
});
export type ReplayRequest = z.infer<typeof ZReplayRequest>;

/** The endpoint answers with an outcome, or a trace in any supported format (or both). */
export const ZReplayResponse = z
  .object({
    outcome: ZReplayOutcome.optional(),
    trace: z.unknown().optional(),
    score: z.number().optional(),
  })
  .refine((r) => r.outcome !== undefined || r.trace !== undefined, { message: "needs an outcome or a trace" });
export type ReplayResponse = z.infer<typeof ZReplayResponse>;

/** The function every strategy is written against: one real (or fake) replay per call. */
export type ReplayFn = (interventions: Intervention[]) => Promise<ReplayOutcome>;

/** Builds the request body for a list of interventions. */
export function replayRequest(run: ReplayRun, interventions: Intervention[]): ReplayRequest {
  return {
    protocol: REPLAY_PROTOCOL,
    run,
    ...(interventions.length ? { intervention: interventions[0] } : {}),
    interventions,
  };
}
