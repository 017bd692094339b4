"use client";
import { useEffect } from "react";
import type { ReportIndex } from "@/lib/view/index-report";
import { adjacentStep, firstErrorStep } from "@/lib/view/step-navigation";
import type { RunPageData } from "@/lib/view/types";
import type { Selection } from "@/lib/view/view-state";

export interface RunKeys {
  visibleStepIds: string[];
  selectedStepId: string | null;
  steps: RunPageData["steps"];
  index: ReportIndex;
  select: (selection: Selection) => void;
  toggleMode: () => void;
}

/** Keyboard: j/k (or →/←) next/previous step, f first error, d decisive step (or top suspect), m mode, Esc clear. */
export function useRunKeyboard({ visibleStepIds, selectedStepId, steps, index, select, toggleMode }: RunKeys) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const go = (id: string | null) => {
        if (!id) return;
        event.preventDefault();
        select({ type: "step", id });
      };
      switch (event.key) {
        case "j":
        case "ArrowRight":
          return go(adjacentStep(visibleStepIds, selectedStepId, 1));
        case "k":
        case "ArrowLeft":
          return go(adjacentStep(visibleStepIds, selectedStepId, -1));
        case "f":
          return go(firstErrorStep(steps, index));
        case "d":
          return go(index.namedStepId);
        case "m":
          event.preventDefault();
          return toggleMode();
        case "Escape":
          return select(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [visibleStepIds, selectedStepId, steps, index, select, toggleMode]);
}
