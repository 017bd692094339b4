/// <reference lib="webworker" />
// Runs the swimlane layout off the main thread for huge Steps canvases.
import { layoutSwimlanes, type LayoutInput } from "@/lib/view/layout-swimlanes";

const scope = self as unknown as Worker;
scope.onmessage = (event: MessageEvent<{ id: number; input: LayoutInput }>) => {
  const { id, input } = event.data;
  scope.postMessage({ id, result: layoutSwimlanes(input) });
};
// The bundler may load this module asynchronously, and messages that arrive before `onmessage`
// is set are dropped: say when we are listening.
scope.postMessage({ ready: true });
