"use client";
import { useState, useTransition } from "react";
import { importFromLangfuseAction } from "@/lib/server/actions/langfuse";

type Result = { traceId: string; ok: boolean; runId?: string; created?: boolean; error?: string; url?: string };

/**
 * "Import from Langfuse by trace id": the server fetches each trace, with its observations, from
 * the Langfuse project the owners configured (LANGFUSE_HOST), never from a URL typed here.
 */
export function LangfuseImport({ host }: { host: string | null }) {
  const [ids, setIds] = useState("");
  const [results, setResults] = useState<Result[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  if (!host) {
    return (
      <p className="muted" data-testid="langfuse-import-off" style={{ margin: 0 }}>
        Import from Langfuse: an owner sets <code>LANGFUSE_HOST</code>, <code>LANGFUSE_PUBLIC_KEY</code> and{" "}
        <code>LANGFUSE_SECRET_KEY</code> to import traces here by id (or runs <code>npx culprit pull langfuse</code>).
      </p>
    );
  }
  const submit = () =>
    start(async () => {
      setMessage(null);
      const r = await importFromLangfuseAction({ traceIds: ids });
      if (r.ok) setResults(r.data.results);
      else setMessage(r.error.message);
    });
  return (
    <section className="card stack" data-testid="langfuse-import" aria-labelledby="langfuse-import-title">
      <h2 id="langfuse-import-title" style={{ margin: 0 }}>
        Import from Langfuse by trace id
      </h2>
      <span className="muted">
        From <strong>{host}</strong>, with its observations; up to 10 ids, separated by commas, spaces or lines.
      </span>
      <div className="row">
        <input
          value={ids}
          onChange={(e) => setIds(e.target.value)}
          placeholder="trace id, e.g. 4bf92f3577b34da6a3ce929d0e0e4736"
          aria-label="Langfuse trace ids"
          data-testid="langfuse-trace-ids"
          maxLength={4000}
          style={{ flex: 1 }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && ids.trim() && !pending) submit();
          }}
        />
        <button
          type="button"
          className="button primary"
          disabled={!ids.trim() || pending}
          onClick={submit}
          data-testid="langfuse-import-submit"
        >
          {pending ? "Importing…" : "Import"}
        </button>
      </div>
      {message ? (
        <div className="alert error" role="alert">
          {message}
        </div>
      ) : null}
      {results.length > 0 ? (
        <ul className="stack" style={{ margin: 0, paddingLeft: 18, gap: 4 }} data-testid="langfuse-import-results">
          {results.map((r) => (
            <li key={r.traceId}>
              <code>{r.traceId}</code>{" "}
              {r.ok && r.url ? (
                <a href={r.url}>{r.created ? "imported — open the run" : "already here — open the run"}</a>
              ) : (
                <span className="muted">{r.error}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
