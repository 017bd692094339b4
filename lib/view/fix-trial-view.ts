/** A fix trial as pages see it (lib/server/fixes/fix-trial-rows.ts reads it). */
export interface FixTrialView {
  id: string;
  runId: string;
  status: "queued" | "running" | "done" | "failed" | "cancelled";
  agent: string;
  fixType: string;
  instruction: string;
  runs: number;
  done: number;
  flipped: number;
  /** Set when done: the 95% interval of the flip rate, the verdict, the baseline and what screening tried. */
  result: {
    interval?: [number, number];
    verdict?: string;
    baseline?: string;
    offlineAgent?: string | null;
    screened?: { agent: string; outcome: string }[];
  };
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A suggested fix as the run page shows it (a report's `fixes` entry). */
export interface RunFixView {
  agent: string;
  role: string;
  fixType: string;
  instruction: string;
  author: string;
  finding?: string;
  channel?: string;
}
