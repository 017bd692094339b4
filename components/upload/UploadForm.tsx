"use client";
import { useState } from "react";
import { DropZone } from "./DropZone";
import { UploadError, UploadResultList } from "./UploadOutcomeView";
import { useUpload } from "./use-upload";
import styles from "./UploadForm.module.css";

/** The upload page's form: a file (dropped or picked) or pasted JSON, printed chat or ChatDev log, a format, then the outcome. */
export function UploadForm({ formats }: { formats: { id: string; description: string }[] }) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [format, setFormat] = useState("auto");
  const [apiKey, setApiKey] = useState("");
  const upload = useUpload();
  const { progress } = upload;
  const ready = Boolean(file || text.trim());
  return (
    <div className="stack">
      <DropZone file={file} onFile={setFile} />
      {file && (
        <button className="button" style={{ alignSelf: "flex-start" }} onClick={() => setFile(null)}>
          Clear file
        </button>
      )}
      {!file && (
        <label className="stack" style={{ gap: 4 }}>
          <span className="muted">…or paste JSON, a chat AutoGen printed, or a ChatDev log</span>
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
        {upload.needsKey && (
          <input
            type="password"
            placeholder="API key"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            aria-label="API key"
          />
        )}
        <span className="spacer" />
        <button
          className="button primary"
          disabled={!ready || progress !== null}
          onClick={() => void upload.submit({ file, text, format, apiKey })}
          data-testid="upload-submit"
        >
          Upload and analyze
        </button>
      </div>
      {progress !== null && (
        <div
          className={styles.progress}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <div className={styles.bar} style={{ width: `${Math.round(progress * 100)}%` }} />
          <span className={styles.label}>
            {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : "Importing and analyzing…"}
          </span>
        </div>
      )}
      {upload.failure && <UploadError failure={upload.failure} text={upload.failedText} />}
      {upload.result && <UploadResultList runs={upload.result} />}
    </div>
  );
}
