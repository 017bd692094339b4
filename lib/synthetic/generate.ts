/**
 * Entry point of the synthetic failing-run generator: one run for a (topology, fault, seed), or a
 * suite of n runs cycling through every supported (topology, fault) pair. Pure and deterministic:
 * the same arguments give byte-identical OTLP/JSON and labels.
 */
import { createRng } from "./prng";
import { Scenario } from "./scenario";
import { orchestrator } from "./topologies/orchestrator";
import type { TopologyResult } from "./topologies/outcome";
import { pipeline } from "./topologies/pipeline";
import { sharedMemory } from "./topologies/shared-memory";
import { voting } from "./topologies/voting";
import { TOPOLOGIES, TOPOLOGY_FAULTS, type FaultKind, type SyntheticLabel, type Topology } from "./types";

export interface SyntheticRun {
  file: string;
  /** The run as an OTLP/JSON ExportTraceServiceRequest. */
  otlp: Record<string, unknown>;
  label: SyntheticLabel;
}

const BUILDERS: Record<Topology, (s: Scenario) => TopologyResult> = {
  pipeline,
  orchestrator,
  "shared-memory": sharedMemory,
  voting,
};

/** Upper bound on a suite, so a typo in `--n` cannot allocate without limit. */
export const MAX_SUITE_RUNS = 10_000;

export function generateRun(topology: Topology, fault: FaultKind, seed: string, file = "run.json"): SyntheticRun {
  if (!TOPOLOGY_FAULTS[topology].includes(fault))
    throw new Error(`topology ${topology} does not support fault ${fault}`);
  const rng = createRng(`${seed}|${topology}|${fault}`);
  const entityCount = topology === "orchestrator" ? rng.int(2, 4) : rng.int(2, 3);
  const s = new Scenario(rng, topology, fault, entityCount);
  const result = BUILDERS[topology](s);
  const otlp = s.run.toJson();
  return { file, otlp, label: s.label(file, seed, result.finalAnswer, result.failed, result.agents, result.note) };
}

/** Every (topology, fault) pair the generator supports, in a fixed order. */
export function supportedPairs(): { topology: Topology; fault: FaultKind }[] {
  return TOPOLOGIES.flatMap((topology) => TOPOLOGY_FAULTS[topology].map((fault) => ({ topology, fault })));
}

/**
 * n runs: run i gets pair i mod P (so every pair appears about n/P times) and its own seed. File
 * names carry only the index: nothing in a file name or trace tells the fault.
 */
export function generateSuite(n: number, seed: number | string): SyntheticRun[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_SUITE_RUNS)
    throw new Error(`n must be an integer in 1..${MAX_SUITE_RUNS}`);
  const pairs = supportedPairs();
  const width = String(n).length < 3 ? 3 : String(n).length;
  return Array.from({ length: n }, (_, i) => {
    const { topology, fault } = pairs[i % pairs.length];
    return generateRun(topology, fault, `${seed}:${i}`, `run-${String(i + 1).padStart(width, "0")}.json`);
  });
}
