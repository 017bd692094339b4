"use client";
import { createContext, useContext, type ReactNode } from "react";
import type { Selection } from "@/lib/view/view-state";
import styles from "./run.module.css";

export interface RunNav {
  select: (selection: Selection) => void;
  /** The permalink of the current view with `selection` selected. */
  hrefFor: (selection: Selection) => string;
  /** "step 4": how a step is named to a person (lib/view/step-number.ts); its id stays in the inspector's details. */
  stepLabel: (stepId: string) => string;
  /** An engine note with its step ids rewritten as step numbers ("tool output s2" → "the tool output of step 3"). */
  humanize: (text: string) => string;
}

export const RunNavContext = createContext<RunNav>({
  select: () => {},
  hrefFor: () => "#",
  stepLabel: () => "a step",
  humanize: (t) => t,
});

/** Engine notes with step numbers instead of step ids, from the run page's context. */
export function useHumanize(): (text: string) => string {
  return useContext(RunNavContext).humanize;
}

/** The step-number label of a step id, from the run page's context. */
export function useStepLabel(): (stepId: string) => string {
  return useContext(RunNavContext).stepLabel;
}

/** Every step id, agent name and evidence pointer is a link: it selects the thing and updates the URL. */
export function SelectLink({
  selection,
  children,
  testId,
}: {
  selection: NonNullable<Selection>;
  children?: ReactNode;
  testId?: string;
}) {
  const nav = useContext(RunNavContext);
  return (
    <a
      href={nav.hrefFor(selection)}
      className={styles.link}
      data-testid={testId}
      data-select={`${selection.type}:${selection.id}`}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        nav.select(selection);
      }}
    >
      {children ?? (selection.type === "step" ? nav.stepLabel(selection.id) : selection.id)}
    </a>
  );
}
