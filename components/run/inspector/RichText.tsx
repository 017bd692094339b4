"use client";
import type { ReactNode } from "react";
import styles from "./inspector.module.css";

/**
 * Trace text rendered as text: fenced code as code blocks, `inline code`, **bold**, and the
 * verdict's quotes marked. Every piece is a React text node (nothing is parsed as HTML).
 */
export function RichText({ text, highlights = [] }: { text: string; highlights?: readonly string[] }) {
  const parts = text.split(/```([\w+-]*)\n?([\s\S]*?)(?:```|$)/);
  const out: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) out.push(<span key={`t${i}`}>{inline(parts[i], highlights)}</span>);
    if (i + 2 < parts.length)
      out.push(
        <pre key={`c${i}`} className={styles.code} data-lang={parts[i + 1] || undefined}>
          <code>{mark(parts[i + 2], highlights)}</code>
        </pre>,
      );
  }
  return <div className={styles.rich}>{out}</div>;
}

/** Prose with Markdown headings ("# Title") as bold lines; the rest inline-formatted. */
function inline(text: string, highlights: readonly string[]): ReactNode[] {
  return text.split(/^(#{1,6} [^\n]*)$/m).map((part, i) =>
    /^#{1,6} /.test(part) ? (
      <strong key={i} className={styles.heading}>
        {spans(part.replace(/^#+ /, ""), highlights)}
      </strong>
    ) : (
      <span key={i}>{spans(part, highlights)}</span>
    ),
  );
}

function spans(text: string, highlights: readonly string[]): ReactNode[] {
  return text.split(/(`[^`\n]+`|\*\*[^*\n]+\*\*)/).map((piece, i) => {
    if (piece.startsWith("`") && piece.endsWith("`") && piece.length > 2)
      return <code key={i}>{mark(piece.slice(1, -1), highlights)}</code>;
    if (piece.startsWith("**") && piece.endsWith("**") && piece.length > 4)
      return <strong key={i}>{mark(piece.slice(2, -2), highlights)}</strong>;
    return <span key={i}>{mark(piece, highlights)}</span>;
  });
}

/** The text with each occurrence of a highlight wrapped in <mark>. */
export function mark(text: string, highlights: readonly string[]): ReactNode[] {
  const quotes = highlights.filter((h) => h.length > 0 && text.includes(h));
  if (quotes.length === 0) return [text];
  const out: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest) {
    let best = -1;
    let hit = "";
    for (const q of quotes) {
      const at = rest.indexOf(q);
      if (at >= 0 && (best < 0 || at < best)) [best, hit] = [at, q];
    }
    if (best < 0) break;
    out.push(
      rest.slice(0, best),
      <mark key={key++} data-testid="evidence-highlight">
        {hit}
      </mark>,
    );
    rest = rest.slice(best + hit.length);
  }
  out.push(rest);
  return out;
}
