"use client";
import Link from "next/link";
import { describeUploadError } from "@/lib/view/upload-error";
import type { UploadedRun, UploadOutcome } from "./upload-request";

type Failure = Extract<UploadOutcome, { ok: false }>;

/** A failed upload: one sentence with the likely cause; the server's full words behind "Details". */
export function UploadError({ failure, text }: { failure: Failure; text?: string }) {
  const view = describeUploadError(failure.error, text);
  return (
    <div className="alert error" role="alert" data-testid="upload-error">
      <div data-testid="upload-error-title">{view.title}</div>
      {failure.error.code === "unknown_format" ? (
        <a href="/schema/trace-v1.json" className="muted">
          Culprit&apos;s own trace format (JSON Schema)
        </a>
      ) : null}
      {view.details && view.details !== view.title ? (
        <details style={{ marginTop: 6 }}>
          <summary className="muted">Details</summary>
          <pre style={{ whiteSpace: "pre-wrap", fontSize: 12, margin: "6px 0 0" }}>{view.details}</pre>
          {failure.error.issues?.length ? (
            <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
              {failure.error.issues.map((issue, i) => (
                <li key={i}>
                  <code>{issue.path}</code>: {issue.message}
                </li>
              ))}
            </ul>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}

/** What an upload made: every run, new or already stored, each a link (shown when it is not one new run). */
export function UploadResultList({ runs }: { runs: UploadedRun[] }) {
  const created = runs.filter((r) => r.created).length;
  const existing = runs.length - created;
  const summary = [
    created ? `${created} ${created === 1 ? "run" : "runs"} imported` : null,
    existing ? `${existing} already imported` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <div className="alert" role="status" data-testid="upload-result">
      <strong>{summary}</strong>
      <ul style={{ margin: "6px 0 0", paddingLeft: 18 }}>
        {runs.map((r) => (
          <li key={r.runId} data-testid="upload-result-run" data-created={r.created}>
            <Link href={r.url}>{r.title || "Untitled run"}</Link>
            <span className="muted">
              {r.steps !== undefined ? ` · ${r.steps} steps` : ""}
              {r.created ? "" : " · already imported"}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
