/** Public API of the alternative synthetic suite (see suite.ts). */
export { generateAltRun, generateAltSuite, altPairs, MAX_ALT_RUNS, type AltRun } from "./suite";
export {
  ALT_TOPOLOGIES,
  ALT_FAULTS,
  ALT_TOPOLOGY_FAULTS,
  type AltLabel,
  type AltFault,
  type AltTopology,
} from "./types";
