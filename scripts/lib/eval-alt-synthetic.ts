/**
 * The alternative synthetic suite (lib/synthetic/alt) in `npm run eval`: a second generator written
 * apart from the detectors (its own topologies, phrasing and wires: canonical files, message logs,
 * the Who&When layout), scored with the engine as shipped.
 */
import { evaluateAltSuite, type AltSuiteResult } from "../../lib/eval/alt-suite-result";
import { formatSubset } from "../../lib/eval/format-table";

const pct = (x: number) => (100 * x).toFixed(1);

export function altSyntheticSection(n: number, seed: string, log: (s: string) => void, json: boolean): AltSuiteResult {
  const result = evaluateAltSuite(n, seed);
  const passing = result.records.filter((r) => r.outcome === "success").length;
  if (!json) {
    log(
      `\n${formatSubset(result.subset, `alternative synthetic runs, generateAltSuite(n=${n}, seed=${seed}), ${passing} passing controls`)}`,
    );
    log("  by wire                                        agent % / step %");
    for (const [wire, x] of Object.entries(result.byWire))
      log(`    ${wire.padEnd(44)} ${pct(x.agent.rate)} (${x.agent.hits}/${x.agent.n}) / ${pct(x.step.rate)}`);
    const b = result.bareStampBlamed;
    log(`  rubber stamp restating no value blamed         ${pct(b.rate)} (${b.hits}/${b.n})`);
  }
  return result;
}
