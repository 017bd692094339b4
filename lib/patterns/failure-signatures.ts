/**
 * Cross-run corrective patterns (AgentGrad's gradient clustering, offline): each failed
 * run's decisive error gets a signature (agent, step kind, detectors that fired, channel kinds,
 * interaction class); runs are grouped by exact signature, then groups with the same agent whose
 * detector sets overlap (Jaccard ≥ 0.5) are merged, in a stable order.
 */
import type { AnalysisReport } from "../attribution/types";

export interface FailureSignature {
  agent: string;
  detectors: string[];
  channels: string[];
  interaction: string;
}

export interface FailureCluster {
  id: string;
  signature: FailureSignature;
  detectors: string[];
  runIds: string[];
  count: number;
  pattern: string;
}

const MERGE_JACCARD = 0.5;

export function failureSignature(report: AnalysisReport): FailureSignature | null {
  if (!report.decisive) return null;
  const step = report.steps.find((s) => s.stepId === report.decisive!.stepId);
  const detectors = [...new Set((step?.detectors ?? []).map((d) => d.name))].sort();
  const channels = [...new Set(report.channelPath.flatMap((h) => h.edgeKinds))].sort();
  return { agent: report.decisive.agent, detectors, channels, interaction: report.interaction.class };
}

export function clusterFailureSignatures(items: { runId: string; report: AnalysisReport }[]): FailureCluster[] {
  const groups = new Map<string, { signature: FailureSignature; runIds: string[] }>();
  for (const { runId, report } of [...items].sort((a, b) => (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0))) {
    const sig = failureSignature(report);
    if (!sig) continue;
    const key = JSON.stringify(sig);
    const group = groups.get(key) ?? { signature: sig, runIds: [] };
    group.runIds.push(runId);
    groups.set(key, group);
  }
  const clusters = [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, g]) => ({ signature: g.signature, detectors: new Set(g.signature.detectors), runIds: g.runIds }));
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < clusters.length; i++)
      for (let j = i + 1; j < clusters.length; j++) {
        if (
          clusters[i].signature.agent !== clusters[j].signature.agent ||
          setJaccard(clusters[i].detectors, clusters[j].detectors) < MERGE_JACCARD
        )
          continue;
        for (const d of clusters[j].detectors) clusters[i].detectors.add(d);
        clusters[i].runIds.push(...clusters[j].runIds);
        clusters[i].runIds.sort();
        clusters.splice(j, 1);
        merged = true;
        break outer;
      }
  }
  return clusters
    .map((c, i) => {
      const detectors = [...c.detectors].sort();
      return {
        id: `pattern-${i + 1}`,
        signature: c.signature,
        detectors,
        runIds: c.runIds,
        count: c.runIds.length,
        pattern: `${c.signature.agent}: ${detectors.length ? detectors.join(" + ") : "no detector fired"}${c.signature.channels.length ? ` via ${c.signature.channels.join("/")}` : ""}`,
      };
    })
    .sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : 1));
}

function setJaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}
