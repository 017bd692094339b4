/// <reference lib="webworker" />
// Runs the swimlane layout off the main thread for huge Steps canvases.
import { layoutSwimlanes, type LayoutInput } from "@/lib/view/layout-swimlanes";

self.onmessage = (event: MessageEvent<{ id: number; input: LayoutInput }>) => {
  const { id, input } = event.data;
  (self as unknown as Worker).postMessage({ id, result: layoutSwimlanes(input) });
};
