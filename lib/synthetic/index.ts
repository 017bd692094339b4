/** Public API of the synthetic failing-run generator (see generate.ts). */
export { generateRun, generateSuite, supportedPairs, MAX_SUITE_RUNS, type SyntheticRun } from "./generate";
export { TOPOLOGIES, FAULT_KINDS, TOPOLOGY_FAULTS, type Topology, type FaultKind, type SyntheticLabel } from "./types";
