"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RunPageBody, RunPageShell } from "@/lib/view/types";
import { CanvasChunkPreload } from "./CanvasChunkPreload";
import { RunView, type RunViewProps } from "./RunView";
import styles from "./run.module.css";

export type LoadedRunViewProps = Omit<RunViewProps, "data"> & {
  /** What can change (run row, analysis status, labels): rendered with the page, fresh per request. */
  shell: RunPageShell;
  /** Where the immutable rest is (lib/view/run-body-url.ts); the page preloads it while its scripts load. */
  bodyUrl: string;
};

/**
 * The run page around its body: the page's HTML holds only what can change, and the steps, edges and
 * report summary come from `bodyUrl` (decision 0019: the server serves them as cached JSON text, so
 * a page costs the same whatever the run's size). A new window of a large run (a new `bodyUrl`) keeps
 * the current one on screen until it arrives.
 */
export function LoadedRunView({ shell, bodyUrl, ...props }: LoadedRunViewProps) {
  const body = useQuery({
    queryKey: ["run-body", bodyUrl],
    // Same URL, mode and credentials as the page's <link rel=preload as=fetch crossorigin=anonymous>,
    // so the browser hands over the response it started fetching while the scripts loaded.
    queryFn: async (): Promise<RunPageBody> => {
      const res = await fetch(bodyUrl, { credentials: "same-origin" });
      if (!res.ok)
        throw new Error(
          res.status === 404 ? "This run is no longer available." : `Could not load the run (HTTP ${res.status}).`,
        );
      return (await res.json()) as RunPageBody;
    },
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  if (!body.data)
    return (
      <main className={styles.page} data-testid="run-page-loading" aria-busy={!body.error}>
        <h1 style={{ margin: 0 }}>{shell.run.title || "Run"}</h1>
        {body.error ? (
          <p role="alert">
            {body.error.message}{" "}
            <button type="button" className="button" onClick={() => void body.refetch()}>
              Retry
            </button>
          </p>
        ) : (
          <p className="muted" role="status">
            Loading the run…
          </p>
        )}
        <CanvasChunkPreload />
      </main>
    );
  return <RunView {...props} data={{ ...shell, ...body.data }} loadingBody={body.isPlaceholderData} />;
}
