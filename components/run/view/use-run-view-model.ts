"use client";
import { useCallback, useMemo } from "react";
import { indexReport } from "@/lib/view/index-report";
import { flaggedSteps } from "@/lib/view/prepare-trajectory";
import { humanizeStepRefs, labelOf, stepPositions } from "@/lib/view/step-number";
import type { RunPageData } from "@/lib/view/types";
import type { TEdgeKind } from "@/lib/trace/schema";
import {
  ALL_EDGE_KINDS,
  OPEN_GROUPS_MAX,
  serializeViewState,
  type CanvasMode,
  type Selection,
  type ViewState,
} from "@/lib/view/view-state";
import type { RunNav } from "../SelectLink";
import { useResolveEdgeIds } from "./use-resolve-edge-ids";
import { useRunKeyboard } from "./use-run-keyboard";
import { useStepWindow } from "./use-step-window";
import { useUrlViewState } from "./use-url-view-state";

/** Runs with more steps than this open in Agents mode (Steps mode stays one click away, collapsed). */
export const AGENTS_MODE_ABOVE_STEPS = 2000;

/** Everything the run view derives from its data and URL state, and every way to change that state. */
export function useRunViewModel(data: RunPageData, initialState: ViewState) {
  const [state, setState] = useUrlViewState(initialState);
  const index = useMemo(() => indexReport(data.report, data.edges), [data.report, data.edges]);
  const stepTotal = data.window?.total ?? data.steps.length;
  const offset = data.window?.offset ?? 0;
  const mode: CanvasMode = state.mode ?? (stepTotal > AGENTS_MODE_ABOVE_STEPS ? "agents" : "steps");
  const loadingWindow = useStepWindow(data, state);

  const select = useCallback((selection: Selection) => setState((s) => ({ ...s, selection })), [setState]);
  const positions = useMemo(
    () =>
      stepPositions(
        data.steps.map((s) => s.id),
        offset,
      ),
    [data.steps, offset],
  );
  const nav: RunNav = useMemo(
    () => ({
      select,
      hrefFor: (selection) => `?${serializeViewState({ ...state, selection })}`,
      stepLabel: (id: string) => labelOf(positions, id),
      humanize: (text: string) => humanizeStepRefs(text, positions),
    }),
    [select, state, positions],
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
    [data.report, setState],
  );
  const setMode = useCallback((m: CanvasMode) => setState((s) => ({ ...s, mode: m })), [setState]);
  const toggleMode = useCallback(
    () => setState((s) => ({ ...s, mode: mode === "agents" ? "steps" : "agents" })),
    [mode, setState],
  );
  useRunKeyboard({ visibleStepIds, selectedStepId, steps: data.steps, index, select, toggleMode });
  const resolveEdgeIds = useResolveEdgeIds(data);

  const toggleKind = (kind: TEdgeKind) =>
    setState((s) => ({
      ...s,
      kinds: s.kinds.includes(kind)
        ? s.kinds.filter((k) => k !== kind)
        : ALL_EDGE_KINDS.filter((k) => k === kind || s.kinds.includes(k)),
    }));
  const toggleAgent = (agent: string) =>
    setState((s) => ({
      ...s,
      hiddenAgents: s.hiddenAgents.includes(agent)
        ? s.hiddenAgents.filter((a) => a !== agent)
        : [...s.hiddenAgents, agent].sort(),
    }));
  // Expanded groups live in the URL (`?open=`), so a link reopens the same groups; the list is bounded (the oldest drops out).
  const toggleGroup = useCallback(
    (id: string) =>
      setState((s) => (s.open.includes(id) ? s : { ...s, open: [...s.open, id].slice(-OPEN_GROUPS_MAX) })),
    [setState],
  );
  const expanded = useMemo<ReadonlySet<string>>(() => new Set(state.open), [state.open]);
  const lanes = useMemo(
    () => data.agents.map((a) => a.name).filter((a) => !state.hiddenAgents.includes(a)),
    [data.agents, state.hiddenAgents],
  );

  const onBrush = useCallback(
    (range: [number, number] | null) =>
      setState((s) => {
        if (!range) return { ...s, range: null };
        // Brushing also selects the most telling step in the window (the verdict's, else the first error).
        const windowSteps = data.steps.slice(Math.max(0, range[0] - offset), Math.max(0, range[1] - offset + 1));
        const pick =
          windowSteps.find((st) => st.id === index.namedStepId) ??
          windowSteps.find((st) => index.pathSteps.has(st.id)) ??
          windowSteps.find((st) => st.status === "error") ??
          windowSteps[0];
        return { ...s, range, mode: "steps", selection: pick ? { type: "step", id: pick.id } : s.selection };
      }),
    [data.steps, index, offset, setState],
  );

  return {
    state,
    index,
    mode,
    select,
    nav,
    selectedStepId,
    highlighted,
    chooseFlag,
    setMode,
    resolveEdgeIds,
    loadingWindow,
    toggleKind,
    toggleAgent,
    toggleGroup,
    expanded,
    lanes,
    onBrush,
  };
}
