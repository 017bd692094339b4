"use client";
import { useState, type FormEvent } from "react";
import { findStep } from "@/lib/view/find-step";
import type { CanvasStep } from "@/lib/view/types";
import type { Selection } from "@/lib/view/view-state";
import styles from "./canvas.module.css";

/** Steps loaded around a searched step outside a large run's window, on each side. */
const AROUND = 20;

export interface StepSearchProps {
  steps: CanvasStep[];
  offset: number;
  total: number;
  selectedStepId: string | null;
  onSelect: (selection: Selection) => void;
  /** Asks the page for a window of steps (0-based, inclusive) when the step is not loaded. */
  onRange?: (range: [number, number]) => void;
}

/** "Go to step": a number jumps to that step, text to the next step that contains it. */
export function StepSearch({ steps, offset, total, selectedStepId, onSelect, onRange }: StepSearchProps) {
  const [query, setQuery] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = findStep({ steps, query, offset, total, after: selectedStepId });
    if (found.kind === "step") {
      setMessage(null);
      onSelect({ type: "step", id: found.id });
    } else if (found.kind === "outside" && onRange) {
      setMessage(`Loading steps around step ${found.number}…`);
      onRange([Math.max(0, found.number - 1 - AROUND), Math.min(total - 1, found.number - 1 + AROUND)]);
    } else setMessage(found.kind === "none" ? found.message : `Step ${found.number} is not loaded.`);
  };
  return (
    <form className={styles.search} onSubmit={submit} role="search" aria-label="Go to step">
      <input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Go to step # or text"
        title={`A step number (1–${total}) or text in a step`}
        aria-label="Go to step number or text"
        data-testid="step-search"
        maxLength={200}
      />
      {message ? (
        <span className={styles.searchMessage} role="status" data-testid="step-search-message">
          {message}
        </span>
      ) : null}
    </form>
  );
}
