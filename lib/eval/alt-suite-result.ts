/**
 * The alternative synthetic suite scored with the engine as shipped: the subset evaluation
 * (agent, step, by fault, by topology, last agent blamed, rubber stamp blamed, passing controls)
 * plus two breakdowns of its own: by wire (canonical file, message log, Who&When layout) and the
 * rubber stamp blamed when its approval restates no value.
 */
import { generateAltSuite } from "../synthetic/alt/index";
import { altRecord, type AltEvalRecord } from "./alt-records";
import { evaluateSubset, rate, type Rate, type SubsetResult } from "./evaluate-subset";

export interface AltSuiteResult {
  subset: SubsetResult;
  byWire: Record<string, { agent: Rate; step: Rate }>;
  /** Failing runs whose rubber stamp restated nothing ("LGTM, ship it."): how often it was blamed. */
  bareStampBlamed: Rate;
  records: AltEvalRecord[];
}

export function evaluateAltSuite(n: number, seed: string): AltSuiteResult {
  const records = generateAltSuite(n, seed).map(altRecord);
  const subset = evaluateSubset("alt-synthetic", records, { settings: ["no-ground-truth"] });
  const scores = subset.settings["no-ground-truth"].scores;
  const failing = records.filter((r) => r.outcome === "failure" && r.gold.agent !== undefined);
  const byWire: AltSuiteResult["byWire"] = {};
  for (const wire of [...new Set(failing.map((r) => r.wire))].sort()) {
    const idx = failing.flatMap((r, i) => (r.wire === wire ? [i] : []));
    byWire[wire] = {
      agent: rate(idx.filter((i) => scores[i].agentHit).length, idx.length),
      step: rate(idx.filter((i) => scores[i].stepHit).length, idx.length),
    };
  }
  const bare = failing.flatMap((r, i) => (r.rubberStampAgent && r.approvalRestates === false ? [i] : []));
  const bareStampBlamed = rate(bare.filter((i) => scores[i].rubberStampBlamed).length, bare.length);
  return { subset, byWire, bareStampBlamed, records };
}
