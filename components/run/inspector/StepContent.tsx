"use client";
import { useMemo, useState } from "react";
import { parseMessages, type ViewMessage } from "@/lib/view/message-content";
import { prettyJson } from "../TextBlock";
import { RichText } from "./RichText";
import styles from "./inspector.module.css";

const FOLD_ABOVE = 600;

/**
 * A step's text as messages when it is a transcript (role, speaker, text, tool calls), else as
 * text; long content folded; the raw payload one click away.
 */
export function StepContent({
  text,
  highlights = [],
  testId,
}: {
  text: string;
  highlights?: readonly string[];
  testId?: string;
}) {
  const messages = useMemo(() => parseMessages(text), [text]);
  const [raw, setRaw] = useState(false);
  const [open, setOpen] = useState(false);
  const shown = messages ? null : prettyJson(text);
  const long = (shown ?? text).length > FOLD_ABOVE;
  return (
    <div data-testid={testId}>
      <div className={`${styles.body} ${long && !open ? styles.folded : ""}`}>
        {raw ? (
          <pre className={styles.raw} data-testid="raw-payload">
            {text}
          </pre>
        ) : messages ? (
          messages.map((m, i) => <Message key={i} message={m} highlights={highlights} />)
        ) : (
          <RichText text={shown ?? text} highlights={highlights} />
        )}
      </div>
      <div className={styles.controls}>
        {long ? (
          <button type="button" className={styles.linkButton} onClick={() => setOpen(!open)}>
            {open ? "Show less" : `Show all (${text.length.toLocaleString("en-US")} characters)`}
          </button>
        ) : null}
        {messages || shown !== text ? (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => setRaw(!raw)}
            data-testid="raw-toggle"
            aria-pressed={raw}
          >
            {raw ? "Formatted" : "Raw"}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function Message({ message, highlights }: { message: ViewMessage; highlights: readonly string[] }) {
  return (
    <div className={styles.message} data-testid="message" data-role={message.role}>
      <div className={styles.messageHead}>
        {message.role ? <span className="badge unknown">{message.role}</span> : null}
        {message.name ? <strong>{message.name}</strong> : null}
        {message.toolCallId ? <span className="muted">result of {message.toolCallId}</span> : null}
      </div>
      {message.text ? <RichText text={message.text} highlights={highlights} /> : null}
      {message.toolCalls?.map((c, i) => (
        <div key={i} className={styles.toolCall} data-testid="tool-call">
          <span className="muted">calls</span> <code>{c.name}</code>
          <pre className={styles.code}>
            <code>{prettyJson(c.arguments)}</code>
          </pre>
        </div>
      ))}
    </div>
  );
}
