/**
 * Everything the run page shows is a function of this state, and this state lives in the URL:
 * a reload or a pasted link restores the same mode, selection and filters.
 *
 *   ?mode=steps&step=s6&kinds=message,state&hide=Writer&range=120-480&flag=rubber-stamp:Reviewer&open=group%3As40
 *
 * Absent params mean defaults, so a plain `/runs/<id>` is the canonical view.
 */
import type { TEdgeKind } from "../trace/schema";

export type CanvasMode = "agents" | "steps";
export type Selection = { type: "step" | "agent" | "edge"; id: string } | null;

export interface ViewState {
  /** `undefined` = let the page choose (Steps for normal runs, Agents for huge ones). */
  mode: CanvasMode | undefined;
  selection: Selection;
  /** Edge kinds shown on the canvas; all four by default. */
  kinds: TEdgeKind[];
  /** Agents hidden from the canvas and the timeline. */
  hiddenAgents: string[];
  /** Window of step indexes (inclusive) brushed on the timeline; the Steps canvas shows only these. */
  range: [number, number] | null;
  /** Trajectory flag whose steps are highlighted (`kind` or `kind:agent`, see prepare-trajectory.ts). */
  flag: string | null;
  /** Collapsed step groups the user expanded (`group:<first step id>`, see build-step-flow.ts), sorted. */
  open: string[];
}

/** A link reopens at most this many expanded groups (each id at most OPEN_ID_MAX_CHARS): the URL stays bounded. */
export const OPEN_GROUPS_MAX = 100;
const OPEN_ID_MAX_CHARS = 300;

/**
 * The schema's edge kinds, spelled out: importing the zod schema here would put zod (≈115 kB) into
 * every page's client bundle. view-state.test.ts checks this list against `ZEdgeKind.options`.
 */
export const ALL_EDGE_KINDS: readonly TEdgeKind[] = ["message", "state", "aggregation", "delegation"];

export const DEFAULT_VIEW_STATE: ViewState = {
  mode: undefined,
  selection: null,
  kinds: [...ALL_EDGE_KINDS],
  hiddenAgents: [],
  range: null,
  flag: null,
  open: [],
};

type SearchInput = URLSearchParams | Record<string, string | string[] | undefined>;

function getParam(input: SearchInput, key: string): string | undefined {
  if (input instanceof URLSearchParams) return input.get(key) ?? undefined;
  const value = input[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads view state from search params; unknown or malformed values fall back to defaults. */
export function parseViewState(input: SearchInput): ViewState {
  const modeParam = getParam(input, "mode");
  const mode: CanvasMode | undefined = modeParam === "agents" || modeParam === "steps" ? modeParam : undefined;
  let selection: Selection = null;
  for (const type of ["step", "agent", "edge"] as const) {
    const id = getParam(input, type);
    if (id) {
      selection = { type, id };
      break;
    }
  }
  const kindsParam = getParam(input, "kinds");
  const kinds =
    kindsParam === undefined ? [...ALL_EDGE_KINDS] : ALL_EDGE_KINDS.filter((k) => kindsParam.split(",").includes(k));
  const hideParam = getParam(input, "hide");
  const hiddenAgents = hideParam
    ? [...new Set(hideParam.split(",").map(decodeURIComponent).filter(Boolean))].sort()
    : [];
  const rangeMatch = /^(\d{1,9})-(\d{1,9})$/.exec(getParam(input, "range") ?? "");
  // `range=39-59` names step numbers as a person reads them (1-based, lib/view/step-number.ts); the state keeps 0-based positions.
  const range: [number, number] | null =
    rangeMatch && Number(rangeMatch[1]) >= 1 && Number(rangeMatch[1]) <= Number(rangeMatch[2])
      ? [Number(rangeMatch[1]) - 1, Number(rangeMatch[2]) - 1]
      : null;
  const flagParam = getParam(input, "flag");
  const flag = flagParam && flagParam.length <= 300 ? flagParam : null;
  const openParam = getParam(input, "open");
  const open = openParam
    ? [
        ...new Set(
          openParam
            .split(",")
            .map(safeDecode)
            .filter((id) => id && id.length <= OPEN_ID_MAX_CHARS),
        ),
      ]
        .sort()
        .slice(0, OPEN_GROUPS_MAX)
    : [];
  return { mode, selection, kinds, hiddenAgents, range, flag, open };
}

/** decodeURIComponent that maps a malformed escape to "" (dropped) instead of throwing on a hand-edited link. */
function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return "";
  }
}

/** The query string (without `?`) for a view state; defaults are omitted, order is fixed. */
export function serializeViewState(state: ViewState): string {
  const params = new URLSearchParams();
  if (state.mode) params.set("mode", state.mode);
  if (state.selection) params.set(state.selection.type, state.selection.id);
  const kinds = ALL_EDGE_KINDS.filter((k) => state.kinds.includes(k));
  if (kinds.length !== ALL_EDGE_KINDS.length) params.set("kinds", kinds.join(","));
  // Agent names may contain commas: encode each before joining.
  if (state.hiddenAgents.length > 0)
    params.set("hide", [...state.hiddenAgents].sort().map(encodeURIComponent).join(","));
  if (state.range) params.set("range", `${state.range[0] + 1}-${state.range[1] + 1}`);
  if (state.flag) params.set("flag", state.flag);
  // Group ids embed step ids, which may contain commas: encode each before joining (as for `hide`).
  if (state.open.length > 0)
    params.set("open", [...state.open].sort().slice(0, OPEN_GROUPS_MAX).map(encodeURIComponent).join(","));
  return params.toString();
}

/** What a large run's shipped step window is chosen around (see lib/server/run-page/body.ts): the brushed range, else the selected step. */
export function pageFocus(state: ViewState): { range: [number, number] | null; stepId: string | null } {
  return { range: state.range, stepId: state.selection?.type === "step" ? state.selection.id : null };
}
