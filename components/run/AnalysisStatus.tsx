"use client";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import type { ViewAnalysis } from "@/lib/view/types";
import styles from "./run.module.css";

async function fetchAnalysis(runId: string): Promise<ViewAnalysis | null> {
  const res = await fetch(`/api/runs/${runId}/analysis`, { cache: "no-store" });
  if (!res.ok) throw new Error(`analysis status: HTTP ${res.status}`);
  return ((await res.json()) as { analysis: ViewAnalysis | null }).analysis;
}

/**
 * Progress of the newest analysis, polled while it is queued or running; when it finishes the page
 * re-renders on the server with the new report.
 */
export function AnalysisStatus({
  runId,
  initial,
  hasReport,
  poll = true,
}: {
  runId: string;
  initial: ViewAnalysis | null;
  hasReport: boolean;
  poll?: boolean;
}) {
  const router = useRouter();
  const { data: analysis } = useQuery({
    queryKey: ["analysis", runId],
    queryFn: () => fetchAnalysis(runId),
    initialData: initial,
    staleTime: 0,
    // The page was rendered with the newest analysis just now: refetching it on mount only repeats that
    // request while the page is still loading. A cache that differs from it (the tab saw this run
    // earlier) is refetched.
    refetchOnMount: (q) => q.state.data?.id !== initial?.id || q.state.data?.status !== initial?.status,
    enabled: poll,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === "queued" || q.state.data.status === "running") ? 1000 : false,
  });
  const seen = useRef(initial?.id + ":" + initial?.status);
  useEffect(() => {
    const key = analysis?.id + ":" + analysis?.status;
    if (key === seen.current) return;
    seen.current = key;
    if (analysis?.status === "done" || analysis?.status === "failed") router.refresh();
  }, [analysis, router]);

  if (!analysis)
    return hasReport ? null : (
      <p className="muted" data-testid="analysis-status">
        Not analyzed yet.
      </p>
    );
  if (analysis.status === "queued" || analysis.status === "running")
    return (
      <div className="row" data-testid="analysis-status" data-status={analysis.status}>
        <span className="muted">
          {analysis.status === "queued" ? "Analysis queued…" : `Analyzing… ${Math.round(analysis.progress * 100)}%`}
        </span>
        <div
          className={styles.progress}
          role="progressbar"
          aria-valuenow={Math.round(analysis.progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div style={{ width: `${Math.max(3, analysis.progress * 100)}%` }} />
        </div>
        {hasReport ? <span className="muted">(showing the previous result)</span> : null}
      </div>
    );
  if (analysis.status === "failed")
    return (
      <div className="alert error" data-testid="analysis-status" data-status="failed">
        Analysis failed: {analysis.error ?? "unknown error"}. {hasReport ? "Showing the previous result." : ""}
      </div>
    );
  return null;
}
