/** What a topology returns to the generator: the run's final answer and whether it is wrong. */
export interface TopologyResult {
  finalAnswer: string;
  failed: boolean;
  agents: string[];
  note: string;
}
