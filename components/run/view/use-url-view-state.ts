"use client";
import { useEffect, useState } from "react";
import { serializeViewState, type ViewState } from "@/lib/view/view-state";

/**
 * The run page's view state, initialised from the server-parsed search params and written back with
 * history.replaceState on every change (no server round trip per click).
 */
export function useUrlViewState(initialState: ViewState) {
  const [state, setState] = useState<ViewState>(initialState);
  useEffect(() => {
    const query = serializeViewState(state);
    const url = `${window.location.pathname}${query ? `?${query}` : ""}`;
    if (url !== `${window.location.pathname}${window.location.search}`)
      window.history.replaceState(window.history.state, "", url);
  }, [state]);
  return [state, setState] as const;
}
