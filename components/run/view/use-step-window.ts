"use client";
import { useEffect, useMemo, useRef, useTransition } from "react";
import { useRouter } from "next/navigation";
import { PAGE_WINDOW_STEPS } from "@/lib/view/step-window";
import type { RunPageData } from "@/lib/view/types";
import { serializeViewState, type ViewState } from "@/lib/view/view-state";

/**
 * Large runs ship a window of steps (see lib/view/step-window.ts). A brushed range or a selected step
 * outside it asks the server for the window around it: a soft navigation, so the page payload stays
 * bounded and the client state (already in the URL) is kept. Each query is requested once.
 * Returns true while a window is loading.
 */
export function useStepWindow(data: RunPageData, state: ViewState): boolean {
  const router = useRouter();
  const [loading, startLoad] = useTransition();
  const requested = useRef<string | null>(null);
  const offset = data.window?.offset ?? 0;
  const shippedIds = useMemo(() => new Set(data.steps.map((s) => s.id)), [data.steps]);
  useEffect(() => {
    if (!data.window) return;
    const end = offset + data.steps.length - 1;
    const range = state.range;
    const needRange =
      range !== null && (range[0] < offset || Math.min(range[1], range[0] + PAGE_WINDOW_STEPS - 1) > end);
    const needStep = range === null && state.selection?.type === "step" && !shippedIds.has(state.selection.id);
    if (!needRange && !needStep) return;
    const query = serializeViewState(state);
    if (requested.current === query) return;
    requested.current = query;
    startLoad(() => router.replace(`?${query}`, { scroll: false }));
  }, [data.window, data.steps.length, offset, shippedIds, state, router]);
  return loading;
}
