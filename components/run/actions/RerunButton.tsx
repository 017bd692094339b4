"use client";
import { useTransition } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { rerunAnalysis } from "@/lib/server/actions/rerun-analysis";
import type { RunActionProps } from "./types";

/** Queues a new analysis of the run (the status line above the verdict follows it). */
export function RerunButton({ runId, report }: RunActionProps) {
  const [pending, start] = useTransition();
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      className="button"
      data-testid="rerun-analysis"
      disabled={pending}
      onClick={() =>
        start(async () => {
          const result = await rerunAnalysis({ runId });
          if (!result.ok) report(result.error.message);
          await queryClient.invalidateQueries({ queryKey: ["analysis", runId] });
        })
      }
    >
      Re-run
    </button>
  );
}
