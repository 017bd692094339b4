/**
 * Sensitivity of the engine's figures to its one global constant, the fault threshold (a step is
 * faulty when its fused detector score reaches it; default 0.5, the midpoint of a probability), on
 * the dev split (odd-numbered records only) and the seeded synthetic suite, no ground truth,
 * 5-fold CV pooled. A constant fitted to the data shows up as a sharp peak at the shipped value;
 * a principled one as a plateau (`npm run eval:sensitivity -- [who-and-when-root]`).
 */
import path from "node:path";
import { evaluateSubset } from "../lib/eval/evaluate-subset";
import { syntheticRecord } from "../lib/eval/records";
import { generateSuite } from "../lib/synthetic/index";
import { readDevSplit } from "./lib/read-dev-split";

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../../shared/eval/data/who_and_when"));
const THRESHOLDS = [0.4, 0.45, 0.5, 0.55, 0.6];
const subsets = [
  ...readDevSplit(root).map((s) => ({ name: s.name, records: s.records })),
  { name: "synthetic", records: generateSuite(72, "1").map((r) => syntheticRecord(JSON.stringify(r.otlp), r.label)) },
];
const pct = (x: number) => (100 * x).toFixed(1).padStart(5);
console.log(`fault threshold  ${subsets.map((s) => `${s.name.padEnd(22)}`).join("")}`);
console.log(`                 ${subsets.map(() => "agent / step".padEnd(22)).join("")}`);
for (const t of THRESHOLDS) {
  const cells = subsets.map((s) => {
    const r = evaluateSubset(s.name, s.records, { fit: () => ({ faultThreshold: t }), settings: ["no-ground-truth"] })
      .settings["no-ground-truth"];
    return `${pct(r.agent.pooled.rate)} / ${pct(r.step.pooled.rate)}`.padEnd(22);
  });
  console.log(`${t.toFixed(2).padEnd(17)}${cells.join("")}${t === 0.5 ? "  (shipped)" : ""}`);
}
