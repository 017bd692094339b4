"use client";
import { useRef, useState, type DragEvent } from "react";
import styles from "./UploadForm.module.css";

/** The drop zone: drag a file onto it, or click (Enter, Space) to pick one. */
export function DropZone({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  return (
    <div
      className={`${styles.drop} ${dragging ? styles.dragging : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onClick={() => input.current?.click()}
      role="button"
      tabIndex={0}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && input.current?.click()}
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
        ref={input}
        type="file"
        accept=".json,.jsonl,.ndjson,.txt,.log,application/json,text/plain"
        hidden
        data-testid="file-input"
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
    </div>
  );
}
