"use client";
import { useLayoutEffect, useRef, useState } from "react";

export interface CanvasSize {
  width: number;
  height: number;
}

/**
 * The canvas box's size, known before React Flow mounts, so the opening viewport is computed once,
 * right. Kept current, so a canvas mounted later (switching modes remounts React Flow) opens fitted
 * to the box it has then.
 */
export function useCanvasSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<CanvasSize | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setSize((prev) =>
        prev && prev.width === el.clientWidth && prev.height === el.clientHeight
          ? prev
          : { width: el.clientWidth, height: el.clientHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}
