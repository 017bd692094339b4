/**
 * The analysis report's schema, `culprit.report/v1`, in zod: the shape the engine writes, the
 * database stores, the API serves and the CLI prints (`/schema/report-v1.json` is generated from it).
 *
 * Unknown fields are allowed: a newer engine may add fields (additions never break a v1 reader), so
 * readers validate with `safeParse` and keep the original object. The TypeScript interfaces in
 * `types.ts` are checked against this schema at compile time (`report-schema.typecheck.ts`), so the
 * two cannot drift.
 */
import { z } from "zod";
import { ZEdgeKind, ZOutcome } from "../trace/schema";

export const REPORT_SCHEMA_VERSION = "culprit.report/v1" as const;

const ZEvidence = z.object({ stepIds: z.array(z.string()), edgeIds: z.array(z.string()).optional(), note: z.string() });
const ZMast = z.string();

export const ZAgentRole = z.enum(["culprit", "propagator", "bystander", "repairer", "missed-check", "suspect"]);
export const ZInteractionClass = z.enum([
  "unchanged",
  "amplified",
  "composed",
  "emergent",
  "overdetermined",
  "unexplained",
]);

const ZDetectorFinding = z.object({ name: z.string(), score: z.number(), mast: ZMast.optional(), evidence: ZEvidence });

export const ZStepReport = z.object({
  stepId: z.string(),
  sourceRef: z.string(),
  agent: z.string(),
  fault: z.number(),
  detectors: z.array(ZDetectorFinding),
  corrupted: z.boolean(),
  onPath: z.boolean(),
  responsibility: z.number(),
  reward: z.number(),
  counterfactual: z.object({ flips: z.boolean(), note: z.string() }),
});

const ZAgentReport = z.object({
  agent: z.string(),
  blame: z.number().min(0).max(1),
  blameCi: z.tuple([z.number(), z.number()]).optional(),
  role: ZAgentRole,
  tokens: z.number(),
  blamePer1kTokens: z.number().nullable(),
  importance: z.number(),
  lowImportance: z.boolean(),
  counterfactualFlips: z.number(),
  responsibility: z.number(),
  evidence: ZEvidence,
});

const ZDecisive = z.object({
  stepId: z.string(),
  agent: z.string(),
  sourceRef: z.string(),
  confidence: z.number(),
  criteria: z.object({ fault: z.number(), primacy: z.boolean(), nonCorrection: z.boolean() }),
  evidence: ZEvidence,
});

const ZChannelHop = z.object({
  fromAgent: z.string(),
  toAgent: z.string(),
  edgeKinds: z.array(ZEdgeKind),
  edgeIds: z.array(z.string()),
});

const ZTrajectoryFlag = z.object({
  kind: z.string(),
  severity: z.enum(["info", "warn"]),
  message: z.string(),
  stepIds: z.array(z.string()),
  agent: z.string().optional(),
});
const count = z.number();
export const ZTrajectory = z.object({
  size: z.object({
    steps: count,
    agents: count,
    activeAgents: count,
    tokens: z.object({ input: count, output: count, total: count }),
    tokenBasis: z.enum(["tokens", "words"]),
    costUsd: z.number().nullable(),
    wallTimeMs: z.number().nullable(),
    criticalPathMs: z.number().nullable(),
  }),
  tools: z.object({ calls: count, errors: count, recovered: count, ignored: count, retries: count }),
  verification: z.object({
    steps: count,
    tokens: count,
    costShare: z.number(),
    sourcedChecks: count,
    rubberStamps: count,
    collapseRate: z.number(),
    collapseByQuarter: z.array(z.number().nullable()),
  }),
  redundancy: z.object({
    nearDuplicateMessages: count,
    nearDuplicateTokenShare: z.number(),
    repeatedToolCalls: count,
    loops: count,
    loopSteps: count,
  }),
  delegation: z.object({ handoffs: count, maxFanOut: count, unreadMessages: count.nullable() }),
  memory: z.object({
    writes: count,
    reads: count,
    unreadWrites: count,
    staleReads: count,
    overwrittenWrites: count,
    sharedKeys: count,
  }),
  perAgent: z.array(
    z.object({
      agent: z.string(),
      steps: count,
      tokens: count,
      tokenShare: z.number(),
      blame: z.number(),
      blamePer1kTokens: z.number().nullable(),
      importance: z.number(),
      redundantTokens: count,
      verificationSteps: count,
      rubberStamps: count,
    }),
  ),
  flags: z.array(ZTrajectoryFlag),
});

export const ZAnalysisReport = z.object({
  /** Absent in reports written before the schema had a version (engine ≤ 0.4). */
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION).optional(),
  engineVersion: z.string(),
  config: z.object({ faultThreshold: z.number() }),
  runId: z.string().optional(),
  outcome: ZOutcome,
  analyzedAsFailure: z.boolean(),
  decisive: ZDecisive.nullable(),
  agents: z.array(ZAgentReport),
  steps: z.array(ZStepReport),
  propagationPath: z.array(z.string()),
  channelPath: z.array(ZChannelHop),
  interaction: z.object({ class: ZInteractionClass, rule: z.string() }),
  /** Where the verdict comes from (engine ≥ 0.5): evidence, a prior (weak suspect), or nothing. */
  decisionSource: z.enum(["evidence", "prior", "undetermined"]).optional(),
  decision: z
    .object({
      rule: z.string(),
      originStepIds: z.array(z.string()),
      wrongValues: z.array(z.string()),
      /** For a computed wrong answer traced to an operand (engine ≥ 0.10.48): the step that computed it. */
      computedAtStepId: z.string().optional(),
    })
    .optional(),
  /** Claim-level findings over value provenance (engine ≥ 0.5), at most 200. */
  claims: z
    .array(
      z.object({
        stepId: z.string(),
        agent: z.string(),
        detector: z.string(),
        score: z.number(),
        value: z.string(),
        quote: z.string(),
        sourceStepId: z.string().optional(),
        reachesAnswer: z.boolean(),
        note: z.string(),
      }),
    )
    .optional(),
  flags: z.object({
    falseSuccessClaims: z.array(
      z.object({ stepId: z.string(), agent: z.string(), score: z.number(), evidence: ZEvidence }),
    ),
    verificationCollapseRate: z.number(),
    tokenBudgetConfound: z
      .object({ budgetLimited: z.boolean(), budgetShare: z.number(), totalTokens: z.number(), evidence: ZEvidence })
      .nullable(),
  }),
  shapley: z.object({
    method: z.enum(["exact", "sampled"]),
    samples: z.number(),
    values: z.record(z.string(), z.number()),
    total: z.number(),
    players: z.array(z.string()),
    note: z.string(),
  }),
  importance: z.object({ perAgent: z.record(z.string(), z.number()), systemBucket: z.number(), evidence: ZEvidence }),
  verdict: z.string(),
  training: z.object({
    rewards: z.array(z.object({ stepId: z.string(), reward: z.number() })),
    preferencePairs: z.array(
      z.object({
        contextStepId: z.string(),
        chosenStepId: z.string(),
        rejectedStepId: z.string(),
        kind: z.string(),
        note: z.string(),
      }),
    ),
  }),
  trajectory: ZTrajectory.optional(),
  warnings: z.array(z.string()),
  /** Who takes part, classified by behaviour (engine ≥ 0.8). */
  participants: z
    .array(
      z.object({
        agent: z.string(),
        kind: z.enum(["task-giver", "harness", "environment", "simulated-user", "orchestrator", "worker", "verifier"]),
      }),
    )
    .optional(),
  /** The features that carried the verdict's confidence, in plain words (engine ≥ 0.8). */
  reasons: z
    .array(
      z.object({
        feature: z.string(),
        text: z.string(),
        stepIds: z.array(z.string()),
        quote: z.string().optional(),
        weight: z.number(),
      }),
    )
    .optional(),
  /** Ranked suspects when the verdict is undetermined (engine ≥ 0.8). */
  suspects: z
    .array(z.object({ agent: z.string(), stepId: z.string(), score: z.number(), probability: z.number() }))
    .optional(),
  /** The fitted weights the report was computed with (engine ≥ 0.8). */
  model: z.object({ version: z.string(), weightsSha: z.string() }).optional(),
  /** A fix per culprit (engine ≥ 0.8, docs/fixes.md). */
  fixes: z
    .array(
      z.object({
        agent: z.string(),
        role: z.enum(["decisive", "co-culprit", "suspect"]),
        fixType: z.string(),
        instruction: z.string(),
        author: z.enum(["template", "judge"]),
        stepIds: z.array(z.string()),
        channel: z.string().optional(),
        finding: z.string().optional(),
      }),
    )
    .optional(),
});
export type TAnalysisReportV1 = z.infer<typeof ZAnalysisReport>;

/** One line of `culprit analyze --json`: the report plus where it came from. */
export const ZCliReportLine = ZAnalysisReport.extend({ file: z.string(), ok: z.literal(true), format: z.string() });
/** A file the CLI could not read: the line says why instead of carrying a report. */
export const ZCliErrorLine = z.object({ file: z.string(), ok: z.literal(false), error: z.string() });

/** JSON Schema (draft 2020-12) of the report, served at /schema/report-v1.json. */
export function reportJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ZAnalysisReport, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return {
    ...schema,
    $id: "/schema/report-v1.json",
    title: REPORT_SCHEMA_VERSION,
    description:
      "Culprit analysis report. Objects may carry more fields than listed (newer engines add fields). See docs/report-schema.md.",
  };
}
