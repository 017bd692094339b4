"use client";
import type { ReactNode } from "react";

/**
 * The settings page's list panels (API keys, people, share links) in one shape: a titled card, an
 * optional intro, the panel's own controls (children), its last error, and one table row per item.
 * Cells are React nodes: names and titles stay text, never HTML.
 */
export function ListPanel<T>({
  testId,
  title,
  intro,
  children,
  error,
  empty,
  headers,
  rows,
  rowKey,
  rowTestId,
  cells,
}: {
  testId: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  error?: string | null;
  /** Shown instead of rows when there are none. */
  empty?: string;
  headers?: string[];
  rows: T[];
  rowKey: (row: T) => string;
  rowTestId: string;
  cells: (row: T) => ReactNode[];
}) {
  return (
    <section className="card stack" data-testid={testId}>
      <h2 style={{ margin: 0 }}>{title}</h2>
      {intro ? (
        <p className="muted" style={{ margin: 0 }}>
          {intro}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="alert error" role="alert">
          {error}
        </p>
      ) : null}
      {empty && rows.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          {empty}
        </p>
      ) : null}
      <table>
        {headers ? (
          <thead>
            <tr>
              {headers.map((h, i) => (
                <th key={i}>{h}</th>
              ))}
            </tr>
          </thead>
        ) : null}
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {cells(row).map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The row button that revokes or removes one item; disabled while any action of the panel runs. */
export function RowActionButton({ label, pending, onClick }: { label: string; pending: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button" disabled={pending} onClick={onClick}>
      {label}
    </button>
  );
}
