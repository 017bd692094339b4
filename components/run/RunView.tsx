"use client";
import { useCallback, useEffect, useMemo, useRef, useState, useTransition, type ComponentProps, type ComponentType, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import dynamic from "next/dynamic";
import { BlameBars } from "@/components/charts/BlameBars";
import { Timeline } from "@/components/charts/Timeline";
import { resolveEdgeIds as resolveCanvasEdgeIds } from "@/lib/view/canvas-ids";
import { indexReport } from "@/lib/view/index-report";
import { adjacentStep, firstErrorStep } from "@/lib/view/step-navigation";
import type { RunPageData } from "@/lib/view/types";
import { PAGE_WINDOW_STEPS } from "@/lib/view/step-window";
import { ALL_EDGE_KINDS, OPEN_GROUPS_MAX, serializeViewState, type CanvasMode, type Selection, type ViewState } from "@/lib/view/view-state";
import type { TEdgeKind } from "@/lib/trace/schema";
import { Inspector } from "./Inspector";
import { LabelsPanel, type LabelFormProps } from "./LabelsPanel";
import { TrajectoryPanel } from "./TrajectoryPanel";
import { flaggedSteps } from "@/lib/view/prepare-trajectory";
import { RunNavContext, type RunNav } from "./SelectLink";
import { VerdictHeader } from "./VerdictHeader";
import { preloadedCanvas } from "./CanvasChunkPreload";
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
  const [Canvas] = useState<ComponentType<ComponentProps<CanvasComponent>>>(() => loadedCanvas ?? preloadedCanvas() ?? LazyRunCanvas);
  return <Canvas {...props} />;
}

/** Runs with more steps than this open in Agents mode (Steps mode stays one click away, collapsed). */
export const AGENTS_MODE_ABOVE_STEPS = 2000;

const KIND_LABEL: Record<TEdgeKind, string> = { message: "── message", state: "┄ state", aggregation: "→◆ aggregation", delegation: "▷ delegation" };

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
 * The incident view. All view state lives in the URL: it is initialised from the server-parsed
 * search params and written back with history.replaceState (no server round trip per click).
 */
export function RunView({ data, stepDetailUrl, initialState, actions, status, readOnly, sidePanels, LabelForm, loadingBody = false }: RunViewProps) {
  const [state, setState] = useState<ViewState>(initialState);
  const index = useMemo(() => indexReport(data.report, data.edges), [data.report, data.edges]);
  const stepTotal = data.window?.total ?? data.steps.length;
  const offset = data.window?.offset ?? 0;
  const mode: CanvasMode = state.mode ?? (stepTotal > AGENTS_MODE_ABOVE_STEPS ? "agents" : "steps");

  useEffect(() => {
    const query = serializeViewState(state);
    const url = `${window.location.pathname}${query ? `?${query}` : ""}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, "", url);
  }, [state]);

  // Large runs ship a window of steps (see lib/view/step-window.ts). A brushed range or a selected step
  // outside it asks the server for the window around it: a soft navigation, so the page payload stays
  // bounded and the client state (already in the URL) is kept. Each query is requested once.
  const router = useRouter();
  const [loadingWindow, startWindowLoad] = useTransition();
  const requestedWindow = useRef<string | null>(null);
  const shippedIds = useMemo(() => new Set(data.steps.map((s) => s.id)), [data.steps]);
  useEffect(() => {
    if (!data.window) return;
    const end = offset + data.steps.length - 1;
    const range = state.range;
    const needRange = range !== null && (range[0] < offset || Math.min(range[1], range[0] + PAGE_WINDOW_STEPS - 1) > end);
    const needStep = range === null && state.selection?.type === "step" && !shippedIds.has(state.selection.id);
    if (!needRange && !needStep) return;
    const query = serializeViewState(state);
    if (requestedWindow.current === query) return;
    requestedWindow.current = query;
    startWindowLoad(() => router.replace(`?${query}`, { scroll: false }));
  }, [data.window, data.steps.length, offset, shippedIds, state, router]);

  const select = useCallback((selection: Selection) => setState((s) => ({ ...s, selection })), []);
  const nav: RunNav = useMemo(
    () => ({
      select,
      hrefFor: (selection) => {
        const query = serializeViewState({ ...state, selection });
        return `?${query}`;
      },
    }),
    [select, state],
  );

  const visibleStepIds = useMemo(() => {
    const hidden = new Set(state.hiddenAgents);
    return data.steps.filter((s) => !hidden.has(s.agent)).map((s) => s.id);
  }, [data.steps, state.hiddenAgents]);
  const selectedStepId = state.selection?.type === "step" ? state.selection.id : null;
  const highlighted = useMemo(() => flaggedSteps(data.report?.trajectory, state.flag), [data.report, state.flag]);
  // Choosing a flag highlights its steps and selects the first, so the canvas and inspector go there.
  const chooseFlag = useCallback(
    (flag: string | null) =>
      setState((s) => {
        const first = flag ? [...flaggedSteps(data.report?.trajectory, flag)][0] : undefined;
        return { ...s, flag, ...(first ? { selection: { type: "step" as const, id: first } } : {}) };
      }),
    [data.report],
  );

  // Keyboard: j/k (or →/←) next/previous step, f first error, d decisive step, m mode, Esc clear.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const go = (id: string | null) => {
        if (!id) return;
        event.preventDefault();
        select({ type: "step", id });
      };
      switch (event.key) {
        case "j":
        case "ArrowRight":
          return go(adjacentStep(visibleStepIds, selectedStepId, 1));
        case "k":
        case "ArrowLeft":
          return go(adjacentStep(visibleStepIds, selectedStepId, -1));
        case "f":
          return go(firstErrorStep(data.steps, index));
        case "d":
          return go(index.decisiveStepId);
        case "m":
          event.preventDefault();
          return setState((s) => ({ ...s, mode: mode === "agents" ? "steps" : "agents" }));
        case "Escape":
          return select(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [visibleStepIds, selectedStepId, data.steps, index, select, mode]);

  const resolveEdgeIds = useCallback((edgeId: string) => resolveCanvasEdgeIds(edgeId, data.steps, data.edges), [data.edges, data.steps]);

  const toggleKind = (kind: TEdgeKind) =>
    setState((s) => ({
      ...s,
      kinds: s.kinds.includes(kind) ? s.kinds.filter((k) => k !== kind) : ALL_EDGE_KINDS.filter((k) => k === kind || s.kinds.includes(k)),
    }));
  const toggleAgent = (agent: string) =>
    setState((s) => ({ ...s, hiddenAgents: s.hiddenAgents.includes(agent) ? s.hiddenAgents.filter((a) => a !== agent) : [...s.hiddenAgents, agent].sort() }));
  // Expanded groups live in the URL (`?open=`), so a link reopens the same groups; the list is bounded (the oldest drops out).
  const toggleGroup = useCallback((id: string) => setState((s) => (s.open.includes(id) ? s : { ...s, open: [...s.open, id].slice(-OPEN_GROUPS_MAX) })), []);
  const expanded = useMemo<ReadonlySet<string>>(() => new Set(state.open), [state.open]);
  const lanes = useMemo(() => data.agents.map((a) => a.name).filter((a) => !state.hiddenAgents.includes(a)), [data.agents, state.hiddenAgents]);

  const onBrush = useCallback(
    (range: [number, number] | null) =>
      setState((s) => {
        if (!range) return { ...s, range: null };
        // Brushing also selects the most telling step in the window (the verdict's, else the first error).
        const windowSteps = data.steps.slice(Math.max(0, range[0] - offset), Math.max(0, range[1] - offset + 1));
        const pick =
          windowSteps.find((st) => st.id === index.decisiveStepId) ??
          windowSteps.find((st) => index.pathSteps.has(st.id)) ??
          windowSteps.find((st) => st.status === "error") ??
          windowSteps[0];
        return { ...s, range, mode: "steps", selection: pick ? { type: "step", id: pick.id } : s.selection };
      }),
    [data.steps, index, offset],
  );

  return (
    <RunNavContext.Provider value={nav}>
      <main className={styles.page} data-testid="run-page" data-run-id={data.run.id}>
        <VerdictHeader data={data} actions={actions} status={status} />
        <div className={styles.grid}>
          <aside className={styles.panel} data-testid="agent-panel">
            <h2>Agents</h2>
            {data.report ? (
              <BlameBars
                agents={data.report.agents}
                victims={index.victims}
                selected={state.selection?.type === "agent" ? state.selection.id : null}
                onSelect={(id) => select({ type: "agent", id })}
              />
            ) : (
              <p className="muted">Blame appears when the analysis finishes.</p>
            )}
            <details className={styles.trajectory} open data-testid="trajectory-section">
              <summary>
                <h2>Trajectory</h2>
              </summary>
              <TrajectoryPanel trajectory={data.report?.trajectory} activeFlag={state.flag} onFlag={chooseFlag} />
            </details>
            <div className={styles.agentFilter}>
              <h2>Show agents</h2>
              {data.agents.map((a) => (
                <label key={a.name}>
                  <input
                    type="checkbox"
                    checked={!state.hiddenAgents.includes(a.name)}
                    onChange={() => toggleAgent(a.name)}
                    data-testid={`agent-filter-${a.name}`}
                  />
                  {a.name}
                  {a.role ? <span className="muted"> · {a.role.slice(0, 30)}</span> : null}
                </label>
              ))}
            </div>
            <h2 style={{ marginTop: 12 }}>Labels</h2>
            <LabelsPanel
              runId={data.run.id}
              labels={data.labels}
              report={data.report}
              agents={data.agents.map((a) => a.name)}
              selectedStepId={selectedStepId}
              LabelForm={readOnly ? undefined : LabelForm}
            />
            {sidePanels}
          </aside>
          <section className={styles.center}>
            <div className={styles.toolbar}>
              <div className={styles.seg} role="group" aria-label="Canvas mode">
                <button type="button" aria-pressed={mode === "agents"} onClick={() => setState((s) => ({ ...s, mode: "agents" }))} data-testid="mode-agents">
                  Agents
                </button>
                <button type="button" aria-pressed={mode === "steps"} onClick={() => setState((s) => ({ ...s, mode: "steps" }))} data-testid="mode-steps">
                  Steps
                </button>
              </div>
              <span className="muted">edges:</span>
              {ALL_EDGE_KINDS.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className={styles.chip}
                  aria-pressed={state.kinds.includes(kind)}
                  onClick={() => toggleKind(kind)}
                  data-testid={`kind-filter-${kind}`}
                >
                  {KIND_LABEL[kind]}
                </button>
              ))}
              <span className="spacer" />
              {loadingWindow || loadingBody ? (
                <span className="muted" role="status" data-testid="window-loading">
                  Loading steps…
                </span>
              ) : null}
              {index.decisiveStepId ? (
                <button type="button" className="button" onClick={() => select({ type: "step", id: index.decisiveStepId! })} data-testid="goto-decisive">
                  Decisive step (d)
                </button>
              ) : null}
            </div>
            <div className={styles.canvasBox}>
              <CanvasSlot
                mode={mode}
                data={data}
                index={index}
                state={state}
                expanded={expanded}
                onSelect={select}
                onToggleGroup={toggleGroup}
                highlighted={highlighted}
                onRange={onBrush}
              />
            </div>
          </section>
          <aside className={styles.panel} data-testid="inspector-panel">
            <Inspector data={data} stepDetailUrl={stepDetailUrl} index={index} selection={state.selection} resolveEdgeIds={resolveEdgeIds} />
          </aside>
        </div>
        <section className={styles.timelineBox}>
          <Timeline
            steps={data.steps}
            lanes={lanes}
            index={index}
            selectedStepId={selectedStepId}
            range={state.range}
            onSelectStep={(id) => select({ type: "step", id })}
            onBrush={onBrush}
            window={data.window}
          />
        </section>
      </main>
    </RunNavContext.Provider>
  );
}
