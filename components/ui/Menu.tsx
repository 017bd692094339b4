"use client";
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import styles from "./menu.module.css";

/**
 * The one dropdown of the app: a button that opens a panel below it, right-aligned. It closes on a
 * click outside and on Escape (which gives focus back to the button, so keyboard users are not lost).
 * `role="menu"` for a list of links (the panel and its items are announced as a menu); leave it out
 * for a panel with form controls (share links), where menu semantics would be wrong. A menu is
 * also laid out as a list: wider, rows flush. The panel opens right-aligned and moves to stay on
 * screen (a button near the left edge opens it left-aligned), never wider than the viewport.
 */
export function Menu({
  label,
  testId,
  role,
  children,
}: {
  label: ReactNode;
  testId: string;
  role?: "menu";
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    if (!open || !panel.current || !ref.current) return setPlace({});
    const margin = 8;
    const rect = panel.current.getBoundingClientRect();
    if (rect.left >= margin && rect.right <= window.innerWidth - margin) return;
    // Off screen: place the panel's left edge where the whole panel fits, relative to the menu box.
    const left = Math.max(margin, Math.min(rect.left, window.innerWidth - margin - rect.width));
    setPlace({ right: "auto", left: left - ref.current.getBoundingClientRect().left });
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onMouseDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("mousedown", onMouseDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("mousedown", onMouseDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);
  return (
    <div className={styles.menu} ref={ref}>
      <button
        ref={button}
        type="button"
        className="button"
        data-testid={testId}
        aria-haspopup={role}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open ? (
        <div
          ref={panel}
          style={place}
          className={`${styles.panel} ${role === "menu" ? styles.list : ""}`}
          role={role}
          data-testid={`${testId}-panel`}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
