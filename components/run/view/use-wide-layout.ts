"use client";
import { useSyncExternalStore } from "react";

/**
 * Three columns (agents, canvas, inspector) only on wide screens; below this width the agents
 * panel becomes a tab beside the inspector, so the canvas keeps most of the screen.
 */
export const WIDE_LAYOUT_MIN_PX = 1600;
const QUERY = `(min-width: ${WIDE_LAYOUT_MIN_PX}px)`;

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

/** True on screens at least WIDE_LAYOUT_MIN_PX wide (false on the server: the narrow layout renders first). */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
