"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import { layoutSwimlanes, type LayoutInput, type LayoutResult } from "@/lib/view/layout-swimlanes";

/** Above this many nodes the layout runs in a Web Worker so typing and scrolling never stall. */
export const WORKER_LAYOUT_ABOVE = 1000;

/**
 * Positions for the Steps canvas. Small graphs are laid out synchronously (no flash of an empty
 * canvas); large ones in a worker, returning null until the first result arrives. Falls back to the main
 * thread if workers are unavailable.
 */
export function useSwimlaneLayout(input: LayoutInput): LayoutResult | null {
  const big = input.items.length > WORKER_LAYOUT_ABOVE;
  const sync = useMemo(() => (big ? null : layoutSwimlanes(input)), [big, input]);
  const [async, setAsync] = useState<{ input: LayoutInput; result: LayoutResult } | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    if (!big) return;
    const id = ++seq.current;
    let worker = workerRef.current;
    try {
      worker ??= workerRef.current = new Worker(new URL("./layout.worker.ts", import.meta.url), { type: "module" });
    } catch {
      worker = null;
    }
    if (!worker) {
      const timer = setTimeout(() => setAsync({ input, result: layoutSwimlanes(input) }), 0);
      return () => clearTimeout(timer);
    }
    const onMessage = (event: MessageEvent<{ id: number; result: LayoutResult }>) => {
      if (event.data.id === seq.current) setAsync({ input, result: event.data.result });
    };
    const onError = () => setAsync({ input, result: layoutSwimlanes(input) });
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    worker.postMessage({ id, input });
    return () => {
      worker.removeEventListener("message", onMessage);
      worker.removeEventListener("error", onError);
    };
  }, [big, input]);

  useEffect(() => () => workerRef.current?.terminate(), []);

  if (!big) return sync;
  // While a new layout is computed, keep showing the previous one (nodes it lacks appear when it lands).
  return async ? async.result : null;
}
