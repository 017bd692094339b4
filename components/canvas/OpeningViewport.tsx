"use client";
import { useLayoutEffect } from "react";
import { useStoreApi } from "@xyflow/react";

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/**
 * Puts a freshly mounted React Flow canvas on its opening viewport before the browser paints it.
 * React Flow learns its size and applies `defaultViewport` in passive effects, after its first
 * commit: until then it draws at zoom 1 from the origin and, rendering only visible elements, picks
 * the nodes for a 0×0 box. This sets both in a layout effect (once per mount; later pans and zooms
 * are React Flow's), so the first frame shows the nodes the canvas opens on, where they belong.
 * `ReactFlow` still gets the same `defaultViewport`, which its pan/zoom handler starts from.
 */
export function OpeningViewport({ viewport, width, height }: { viewport: Viewport; width: number; height: number }) {
  const store = useStoreApi();
  useLayoutEffect(() => {
    store.setState({ transform: [viewport.x, viewport.y, viewport.zoom], width, height });
    // Once, at mount: the opening view only (later pans and zooms are React Flow's).
  }, []);
  return null;
}
