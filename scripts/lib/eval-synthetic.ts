/**
 * The synthetic suite (lib/synthetic) in `npm run eval`: injected faults with known culprits,
 * scored with the engine as shipped. Its detectors were written beside the generator, so these
 * figures are in-distribution, not evidence of generalisation.
 */
import { evaluateSubset, type SubsetResult } from "../../lib/eval/evaluate-subset";
import { formatSubset } from "../../lib/eval/format-table";
import { syntheticRecord } from "../../lib/eval/records";
import { generateSuite } from "../../lib/synthetic/index";

export function syntheticSection(n: number, seed: string, log: (s: string) => void, json: boolean): SubsetResult {
  const runs = generateSuite(n, seed);
  const records = runs.map((r) => syntheticRecord(JSON.stringify(r.otlp), r.label));
  const passing = runs.filter((r) => r.label.outcome === "success").length;
  const result = evaluateSubset("synthetic", records, { settings: ["no-ground-truth"] });
  if (!json)
    log(
      `\n${formatSubset(result, `synthetic OTLP runs, generateSuite(n=${n}, seed=${seed}), ${passing} passing controls; in-sample`)}`,
    );
  return result;
}
