"use client";
import { useRouter } from "next/navigation";
import { useRef, useState, type DragEvent } from "react";
import { sendUpload, type UploadOutcome } from "./upload-request";
import styles from "./UploadForm.module.css";

type Failure = Extract<UploadOutcome, { ok: false }>;

export function UploadForm({ formats }: { formats: { id: string; description: string }[] }) {
  const router = useRouter();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [format, setFormat] = useState("auto");
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [dragging, setDragging] = useState(false);
  const [apiKey, setApiKey] = useState("");
  const [needsKey, setNeedsKey] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };

  async function submit() {
    const form = new FormData();
    if (file) form.set("file", file);
    else form.set("text", text);
    form.set("format", format);
    setFailure(null);
    setProgress(0);
    const outcome = await sendUpload(form, setProgress, apiKey || undefined);
    if (outcome.ok) {
      setProgress(1);
      // A file holding several traces made several runs: the runs list shows them all.
      router.push(outcome.runs && outcome.runs.length > 1 ? "/" : outcome.url);
      return;
    }
    setProgress(null);
    if (outcome.status === 401) setNeedsKey(true);
    setFailure(outcome);
  }

  const ready = Boolean(file || text.trim());
  return (
    <div className="stack">
      <div
        className={`${styles.drop} ${dragging ? styles.dragging : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onClick={() => fileInput.current?.click()}
        role="button"
        tabIndex={0}
        onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && fileInput.current?.click()}
        data-testid="drop-zone"
      >
        {file ? (
          <span>
            <strong>{file.name}</strong> <span className="muted">({(file.size / 1024).toFixed(1)} KB)</span>
          </span>
        ) : (
          <span className="muted">Drop a trace file here, or click to choose one</span>
        )}
        <input
          ref={fileInput}
          type="file"
          accept=".json,.jsonl,.ndjson,application/json"
          hidden
          data-testid="file-input"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      {file && (
        <button className="button" style={{ alignSelf: "flex-start" }} onClick={() => setFile(null)}>
          Clear file
        </button>
      )}
      {!file && (
        <label className="stack" style={{ gap: 4 }}>
          <span className="muted">…or paste JSON</span>
          <textarea
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder='{"schema": "culprit.trace/v1", ...}'
            data-testid="paste-area"
          />
        </label>
      )}
      <div className="row">
        <label className="row" style={{ gap: 6 }}>
          <span className="muted">Format</span>
          <select value={format} onChange={(e) => setFormat(e.target.value)} data-testid="format-select">
            <option value="auto">Detect automatically</option>
            {formats.map((f) => (
              <option key={f.id} value={f.id} title={f.description}>
                {f.id}
              </option>
            ))}
          </select>
        </label>
        {needsKey && <input type="password" placeholder="API key" value={apiKey} onChange={(e) => setApiKey(e.target.value)} aria-label="API key" />}
        <span className="spacer" />
        <button className="button primary" disabled={!ready || progress !== null} onClick={submit} data-testid="upload-submit">
          Upload and analyze
        </button>
      </div>
      {progress !== null && (
        <div className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
          <div className={styles.bar} style={{ width: `${Math.round(progress * 100)}%` }} />
          <span className={styles.label}>{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : "Importing and analyzing…"}</span>
        </div>
      )}
      {failure && <UploadError failure={failure} />}
    </div>
  );
}

function UploadError({ failure }: { failure: Failure }) {
  const { error } = failure;
  return (
    <div className="alert error" role="alert" data-testid="upload-error">
      <strong>{error.message}</strong>
      {error.location && (
        <div className="muted">
          line {error.location.line}, column {error.location.column}
        </div>
      )}
      {error.issues && (
        <ul style={{ margin: "8px 0 0", paddingLeft: 18 }}>
          {error.issues.map((issue, i) => (
            <li key={i}>
              <code>{issue.path}</code>: {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
