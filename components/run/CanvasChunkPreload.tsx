"use client";
import dynamic from "next/dynamic";

function Nothing() {
  return null;
}

/**
 * Renders nothing; rendered by the run page while its body loads (the part the server renders). On
 * the server, `next/dynamic` (with server rendering on) emits preload links for the chunks of the
 * module it loads: React Flow and the canvas (~48 kB gzip) and the canvas's CSS. So the browser
 * downloads them from the HTML head beside the page's own scripts, instead of when the run view's
 * module first runs in the browser (which is when hydration starts, after every first-load script
 * has arrived and run). The canvas stays out of the first-load bundle: nothing waits on this chunk
 * but the canvas (the loading fallback gives it its own Suspense boundary).
 */
export const CanvasChunkPreload = dynamic(
  () =>
    import("@/components/canvas/RunCanvas").then((m) => {
      preloaded = m.RunCanvas;
      return Nothing;
    }),
  { loading: Nothing },
);

let preloaded: typeof import("@/components/canvas/RunCanvas").RunCanvas | null = null;

/**
 * The canvas component once this import has resolved in the browser, else null. The run view uses it
 * when its own import (another import site, with a small loader chunk of its own that is not
 * preloaded) has not resolved yet.
 */
export function preloadedCanvas() {
  return preloaded;
}
