export interface BenchFigure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  limit?: number;
  better?: "lower" | "higher";
}
export const RESULT_PREFIX: string;
export function reportBench(figure: BenchFigure): void;
export function parseBenchResults(text: string): (BenchFigure & { ratio: number | null })[];
