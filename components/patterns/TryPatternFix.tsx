"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { tryPatternFix } from "@/lib/server/actions/fix-trial";

/** "Try on k runs": replays up to k of a pattern's runs with its instruction (owners only). */
export function TryPatternFix({ system, patternId, runs }: { system?: string; patternId: string; runs: number }) {
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const router = useRouter();
  const k = Math.min(5, runs);
  const onClick = () =>
    start(async () => {
      const r = await tryPatternFix({ system, patternId, k });
      setMessage(r.ok ? `Trying the fix on ${r.data.trials} run(s)…` : r.error.message);
      if (r.ok) setTimeout(() => router.refresh(), 5000);
    });
  return (
    <span className="stack" style={{ gap: 2 }}>
      <button type="button" className="button" onClick={onClick} disabled={pending} data-testid="pattern-try">
        Try on {k} {k === 1 ? "run" : "runs"}
      </button>
      {message ? (
        <span className="muted" role="status">
          {message}
        </span>
      ) : null}
    </span>
  );
}
