"use client";
import { useState, useTransition } from "react";
import { writeBackToLangfuseAction } from "@/lib/server/actions/langfuse";

/**
 * Posts the run's verdict to the Langfuse trace it came from (a "culprit" score on the decisive
 * observation and a comment with a link back here). Shown to owners of runs imported from Langfuse.
 */
export function LangfuseWriteBackButton({ runId, hasReport }: { runId: string; hasReport: boolean }) {
  const [pending, start] = useTransition();
  const [status, setStatus] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="button"
        data-testid="langfuse-write-back"
        disabled={pending || !hasReport}
        title={
          hasReport ? "Post the verdict to the Langfuse trace as a score and a comment" : "No finished analysis yet"
        }
        onClick={() =>
          start(async () => {
            const r = await writeBackToLangfuseAction({ runId });
            setStatus(r.ok ? "Verdict written to Langfuse." : r.error.message);
          })
        }
      >
        {pending ? "Writing…" : "Write to Langfuse"}
      </button>
      {status ? (
        <span className="muted" role="status" data-testid="langfuse-write-back-status">
          {status}
        </span>
      ) : null}
    </>
  );
}
