"use client";
import { useState, type ComponentProps, type ComponentType, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { Timeline } from "@/components/charts/Timeline";
import type { RunPageData } from "@/lib/view/types";
import type { ViewState } from "@/lib/view/view-state";
import { Inspector } from "./Inspector";
import type { LabelFormProps } from "./LabelsPanel";
import { RunNavContext } from "./SelectLink";
import { VerdictHeader } from "./VerdictHeader";
import { preloadedCanvas } from "./CanvasChunkPreload";
import { AgentsPanel } from "./view/AgentsPanel";
import { RunToolbar } from "./view/RunToolbar";
import { SideTabs } from "./view/SideTabs";
import { useRunViewModel } from "./view/use-run-view-model";
import { useWideLayout } from "./view/use-wide-layout";
import styles from "./run.module.css";

/**
 * The canvas (React Flow, its layout and node types) is the page's biggest client code and renders
 * nothing useful on the server (it needs a measured box and a layout): a separate chunk, loaded while
 * the rest of the page hydrates, keeps it out of the first bundle. Its download starts when this
 * module is evaluated in the browser, not when the canvas first renders after hydration: the chunk
 * and hydration then overlap instead of running one after the other.
 */
type CanvasComponent = typeof import("@/components/canvas/RunCanvas").RunCanvas;
/** The canvas component once its chunk has been evaluated (see `CanvasSlot`). */
let loadedCanvas: CanvasComponent | null = null;
const loadCanvas = () =>
  import("@/components/canvas/RunCanvas").then((m) => {
    loadedCanvas = m.RunCanvas;
    return m;
  });
if (typeof window !== "undefined") void loadCanvas().catch(() => {});
const LazyRunCanvas = dynamic(() => loadCanvas().then((m) => m.RunCanvas), {
  ssr: false,
  loading: () => (
    <p className="muted" data-testid="canvas-loading" style={{ padding: 16 }}>
      Loading canvas…
    </p>
  ),
});

/**
 * The canvas, rendered directly when its chunk is already there (the usual case: it downloads while
 * the page hydrates and its body loads), else through `next/dynamic`, whose lazy wrapper would first
 * commit its fallback and render the canvas one task later even for a loaded chunk. Chosen once per
 * mount: switching component types would remount React Flow and lose the viewport.
 */
function CanvasSlot(props: ComponentProps<CanvasComponent>) {
  const [Canvas] = useState<ComponentType<ComponentProps<CanvasComponent>>>(
    () => loadedCanvas ?? preloadedCanvas() ?? LazyRunCanvas,
  );
  return <Canvas {...props} />;
}

export interface RunViewProps {
  data: RunPageData;
  /** Where the inspector fetches a full step: `<prefix><stepId>` (the run's API, or the share link's). */
  stepDetailUrl: string;
  initialState: ViewState;
  /** Header actions (copy link, share, re-run, export); the read-only share page passes fewer. */
  actions: ReactNode;
  status: ReactNode;
  readOnly: boolean;
  /** Panels below the labels in the side column (e.g. replay verification); absent on share pages. */
  sidePanels?: ReactNode;
  /**
   * The form that adds a label, passed in (components/run/OwnerRunView) rather than imported here, so
   * that the share page, which renders RunView without it, ships no server action ids.
   */
  LabelForm?: ComponentType<LabelFormProps>;
  /** True while another window of a large run is being fetched (the current one stays on screen). */
  loadingBody?: boolean;
}

/**
 * The incident view: the answer on top, the canvas as the main surface, the inspector beside it and
 * the timeline below. All view state lives in the URL (see `useUrlViewState`). On screens narrower
 * than WIDE_LAYOUT_MIN_PX the agents panel is a tab beside the inspector.
 */
export function RunView({
  data,
  stepDetailUrl,
  initialState,
  actions,
  status,
  readOnly,
  sidePanels,
  LabelForm,
  loadingBody = false,
}: RunViewProps) {
  const vm = useRunViewModel(data, initialState);
  const wide = useWideLayout();
  const { state, index, select } = vm;
  const agents = (
    <AgentsPanel
      data={data}
      index={index}
      state={state}
      select={select}
      chooseFlag={vm.chooseFlag}
      toggleAgent={vm.toggleAgent}
      readOnly={readOnly}
      LabelForm={LabelForm}
      sidePanels={sidePanels}
    />
  );
  const inspector = (
    <Inspector
      data={data}
      stepDetailUrl={stepDetailUrl}
      index={index}
      selection={state.selection}
      resolveEdgeIds={vm.resolveEdgeIds}
    />
  );
  return (
    <RunNavContext.Provider value={vm.nav}>
      <main
        className={styles.page}
        data-testid="run-page"
        data-run-id={data.run.id}
        data-layout={wide ? "wide" : "narrow"}
      >
        <VerdictHeader data={data} actions={actions} status={status} />
        <div className={`${styles.grid} ${wide ? styles.wide : ""}`}>
          {wide ? <aside className={styles.panel}>{agents}</aside> : null}
          <section className={styles.center} data-testid="canvas-panel">
            <RunToolbar
              mode={vm.mode}
              state={state}
              setMode={vm.setMode}
              toggleKind={vm.toggleKind}
              loading={vm.loadingWindow || loadingBody}
              onDecisive={index.namedStepId ? () => select({ type: "step", id: index.namedStepId! }) : null}
              decisiveIsSuspect={index.decisiveStepId === null}
            />
            <div className={styles.canvasBox}>
              <CanvasSlot
                mode={vm.mode}
                data={data}
                index={index}
                state={state}
                expanded={vm.expanded}
                onSelect={select}
                onToggleGroup={vm.toggleGroup}
                highlighted={vm.highlighted}
                onRange={vm.onBrush}
              />
            </div>
          </section>
          <aside className={styles.panel} data-testid="inspector-panel">
            {wide ? inspector : <SideTabs selection={state.selection} inspector={inspector} agents={agents} />}
          </aside>
        </div>
        <section className={styles.timelineBox}>
          <Timeline
            steps={data.steps}
            lanes={vm.lanes}
            index={index}
            selectedStepId={vm.selectedStepId}
            range={state.range}
            onSelectStep={(id) => select({ type: "step", id })}
            onBrush={vm.onBrush}
            window={data.window}
          />
        </section>
      </main>
    </RunNavContext.Provider>
  );
}
