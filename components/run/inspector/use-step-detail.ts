"use client";
import { useQuery } from "@tanstack/react-query";
import type { StepDetail } from "@/lib/view/types";

/** The full step and its findings, fetched on selection (the page itself ships summaries only). */
export function useStepDetail(detailUrl: string, stepId: string, known: boolean) {
  return useQuery({
    queryKey: ["step-detail", detailUrl, stepId],
    enabled: known,
    staleTime: Infinity,
    queryFn: async (): Promise<StepDetail> => {
      const res = await fetch(`${detailUrl}${encodeURIComponent(stepId)}`);
      if (!res.ok)
        throw new Error(
          res.status === 404 ? "This step is no longer available." : `Could not load the step (HTTP ${res.status}).`,
        );
      return (await res.json()) as StepDetail;
    },
  });
}
