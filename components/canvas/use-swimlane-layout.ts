"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import { layoutSwimlanes, type LayoutInput, type LayoutResult } from "@/lib/view/layout-swimlanes";

/** Above this many nodes the layout runs in a Web Worker (it is linear: ~10 ms for 2k nodes, so below this a worker only adds start-up latency). */
export const WORKER_LAYOUT_ABOVE = 5000;

type WorkerReply = { ready: true } | { id: number; result: LayoutResult };

/** One worker per page, resolved once it has said it is listening (see layout.worker.ts). */
function startWorker(): Promise<Worker> | null {
  try {
    const worker = new Worker(new URL("./layout.worker.ts", import.meta.url), { type: "module" });
    return new Promise((resolve, reject) => {
      const onMessage = (event: MessageEvent<WorkerReply>) => {
        if ("ready" in event.data) {
          worker.removeEventListener("message", onMessage);
          resolve(worker);
        }
      };
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", () => reject(new Error("layout worker failed to start")), { once: true });
    });
  } catch {
    return null;
  }
}

/**
 * Positions for the Steps canvas. Small graphs are laid out synchronously (no flash of an empty
 * canvas); large ones in a worker, returning null until the first result arrives. Falls back to
 * the main thread if workers are unavailable or fail.
 */
export function useSwimlaneLayout(input: LayoutInput): LayoutResult | null {
  const big = input.items.length > WORKER_LAYOUT_ABOVE;
  const sync = useMemo(() => (big ? null : layoutSwimlanes(input)), [big, input]);
  const [async, setAsync] = useState<{ input: LayoutInput; result: LayoutResult } | null>(null);
  const workerRef = useRef<Promise<Worker> | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    if (!big) return;
    const id = ++seq.current;
    let cancelled = false;
    const onMain = () => {
      if (!cancelled) setAsync({ input, result: layoutSwimlanes(input) });
    };
    workerRef.current ??= startWorker();
    const ready = workerRef.current;
    if (!ready) {
      const timer = setTimeout(onMain, 0);
      return () => clearTimeout(timer);
    }
    let detach = () => {};
    ready.then((worker) => {
      if (cancelled) return;
      const onMessage = (event: MessageEvent<WorkerReply>) => {
        if ("id" in event.data && event.data.id === id && !cancelled) setAsync({ input, result: event.data.result });
      };
      worker.addEventListener("message", onMessage);
      worker.addEventListener("error", onMain);
      detach = () => {
        worker.removeEventListener("message", onMessage);
        worker.removeEventListener("error", onMain);
      };
      worker.postMessage({ id, input });
    }, onMain);
    return () => {
      cancelled = true;
      detach();
    };
  }, [big, input]);

  useEffect(
    () => () => {
      // Forget the worker too: React (strict mode, fast refresh) may mount this hook again.
      void workerRef.current?.then((w) => w.terminate()).catch(() => {});
      workerRef.current = null;
    },
    [],
  );

  if (!big) return sync;
  // While a new layout is computed, keep showing the previous one (nodes it lacks appear when it lands).
  return async ? async.result : null;
}
