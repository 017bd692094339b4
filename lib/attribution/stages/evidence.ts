/**
 * Stage 2 (after the graph): evidence. Value provenance of every claim, claim findings, and the
 * step-level detectors fused into one fault score per step. Decides whether the run is analyzed as
 * a failure (a failed run, or an unknown outcome with a fault above threshold).
 */
import type { TOutcome } from "../../trace/schema";
import type { EngineGraph } from "../build-graph";
import { buildProvenance, type Provenance } from "../claims/provenance";
import { claimHits, findClaimIssues, type ClaimFinding } from "../claims/claim-findings";
import { findDroppedConstraints } from "../claims/dropped-constraint";
import { findOutputIssues } from "../claims/output-findings";
import { findAbsenceMisreads } from "../claims/absence-claims";
import { findDecidingIssues } from "../claims/deciding-step";
import { findExtremePicks } from "../claims/extreme-pick";
import { findUnitMismatches } from "../claims/unit-mismatch";
import { runDetectors } from "../detectors";
import type { EngineConfig } from "../types";
import { findingOff } from "../ablation";

export interface Evidence {
  prov: Provenance;
  /** Claim findings in step order. */
  findings: ClaimFinding[];
  det: ReturnType<typeof runDetectors>;
  analyzedAsFailure: boolean;
}

export function gatherEvidence(g: EngineGraph, config: EngineConfig, outcome: TOutcome): Evidence {
  const prov = buildProvenance(g);
  const findings = [
    ...findClaimIssues(g, prov),
    ...findDroppedConstraints(g, prov, outcome !== "success"),
    ...findOutputIssues(g, prov),
    ...findAbsenceMisreads(g, prov),
    ...findDecidingIssues(g, prov),
    ...findExtremePicks(g, prov),
    ...findUnitMismatches(g, prov),
  ]
    .filter((f) => !findingOff(g, f.name))
    .sort((a, b) => a.step - b.step);
  const det = runDetectors({ g, config, failed: outcome !== "success", precomputed: claimHits(g, findings) });
  let anyFault = false;
  for (let v = 0; v < g.n; v++) if (det.fault[v] >= config.faultThreshold) anyFault = true;
  const analyzedAsFailure = outcome === "failure" || (outcome === "unknown" && anyFault);
  return { prov, findings, det, analyzedAsFailure };
}
