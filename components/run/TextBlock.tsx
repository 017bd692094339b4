"use client";
import { useState } from "react";
import styles from "./run.module.css";

const COLLAPSE_ABOVE = 600;

/** Trace text, shown as text (never HTML), collapsible when long. JSON-looking text is pretty-printed. */
export function TextBlock({ text, testId }: { text: string; testId?: string }) {
  const pretty = prettyJson(text);
  const long = pretty.length > COLLAPSE_ABOVE || pretty.split("\n").length > 12;
  const [open, setOpen] = useState(false);
  return (
    <div>
      <pre className={`${styles.text} ${long && !open ? styles.collapsed : ""}`} data-testid={testId}>
        {pretty}
      </pre>
      {long ? (
        <button type="button" className={styles.link} onClick={() => setOpen(!open)}>
          {open ? "Show less" : `Show all (${pretty.length.toLocaleString("en-US")} characters)`}
        </button>
      ) : null}
    </div>
  );
}

/** Pretty-prints values that are JSON (objects/arrays, or strings holding them); leaves prose alone. */
export function prettyJson(value: unknown): string {
  if (typeof value !== "string") return JSON.stringify(value, null, 2) ?? String(value);
  const t = value.trim();
  if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
    try {
      return JSON.stringify(JSON.parse(t), null, 2);
    } catch {
      return value;
    }
  }
  return value;
}
