/**
 * The reference system's task: the sum of the squares of a list of numbers, split by a planner
 * into one chunk per worker. Small enough to be exact, rich enough for every boundary kind:
 * delegation (planner → workers), shared memory (partials), aggregation, verification.
 */
import { z } from "zod";

export const ZTask = z.object({
  numbers: z
    .array(z.number().int().min(-1_000_000).max(1_000_000))
    .min(1)
    .max(1000)
    .default(Array.from({ length: 12 }, (_, i) => i + 1)),
  workers: z.number().int().min(1).max(8).default(3),
});
export type Task = z.infer<typeof ZTask>;

export const DEFAULT_TASK: Task = ZTask.parse({});

export function taskText(task: Task): string {
  return `Compute the sum of the squares of ${task.numbers.join(", ")}.`;
}

export function groundTruth(task: Task): number {
  return task.numbers.reduce((s, x) => s + x * x, 0);
}

export function workerNames(task: Task): string[] {
  return Array.from({ length: task.workers }, (_, i) => `worker_${i + 1}`);
}

/** Contiguous chunks, one per worker (some may be empty when there are more workers than numbers). */
export function splitChunks(task: Task): number[][] {
  const size = Math.ceil(task.numbers.length / task.workers);
  return Array.from({ length: task.workers }, (_, i) => task.numbers.slice(i * size, (i + 1) * size));
}
