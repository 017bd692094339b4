/**
 * Large runs ship a window of their steps, not all of them: the page's payload then stays bounded
 * (a 100k-step run's page is the size of a 1.5k-step one). These pure helpers decide which window,
 * and trim the report summary to what that window can show.
 */
import type { ReportSummary, StepDensity } from "./types";

/** Runs with at most this many steps ship every step (about 0.7 kB each with edges and marks: ≤ 1.4 MB). */
export const PAGE_ALL_STEPS_MAX = 2000;
/** Steps in the window a larger run ships; brushing the timeline elsewhere loads another window. */
export const PAGE_WINDOW_STEPS = 1500;
/** Timeline overview resolution: bins per agent lane, and cells (lanes × bins) in all. */
const DENSITY_MAX_BINS = 400;
const DENSITY_MAX_CELLS = 40_000;
/** Report step briefs outside the window that are still shipped (on the path or corrupted), at most. */
const OFF_WINDOW_BRIEFS_MAX = 500;

/**
 * The inclusive step-index window `[lo, hi]` to ship: the brushed range (its start, clipped to the
 * window size), else a window centred on the focus step (selected, else decisive), else the start.
 */
export function chooseStepWindow(
  total: number,
  opts: { range?: [number, number] | null; focusIdx?: number | null; size?: number },
): [number, number] {
  const size = Math.max(1, opts.size ?? PAGE_WINDOW_STEPS);
  const last = Math.max(0, total - 1);
  if (opts.range) {
    const lo = Math.min(Math.max(0, opts.range[0]), last);
    return [lo, Math.min(last, Math.max(lo, opts.range[1]), lo + size - 1)];
  }
  const centre = opts.focusIdx ?? null;
  let lo = centre === null ? 0 : Math.max(0, centre - Math.floor(size / 2));
  const hi = Math.min(last, lo + size - 1);
  lo = Math.max(0, hi - size + 1);
  return [lo, hi];
}

/** Bin size for the timeline overview of `total` steps over `agents` lanes (bounded cell count). */
export function densityBinSize(total: number, agents: number): number {
  const bins = Math.max(1, Math.min(DENSITY_MAX_BINS, Math.floor(DENSITY_MAX_CELLS / Math.max(1, agents))));
  return Math.max(1, Math.ceil(total / bins));
}

/** Density rows (agent, bin, steps, errors) → per-lane arrays in agent order (unknown agents dropped). */
export function buildDensity(
  agents: string[],
  total: number,
  binSize: number,
  rows: { agent: string; bin: number; steps: number; errors: number }[],
): StepDensity {
  const bins = Math.max(1, Math.ceil(total / binSize));
  const lanes = agents.map((agent) => ({
    agent,
    steps: new Array<number>(bins).fill(0),
    errors: new Array<number>(bins).fill(0),
  }));
  const laneOf = new Map(agents.map((a, i) => [a, i]));
  for (const r of rows) {
    const lane = laneOf.get(r.agent);
    if (lane === undefined || r.bin < 0 || r.bin >= bins) continue;
    lanes[lane].steps[r.bin] += r.steps;
    lanes[lane].errors[r.bin] += r.errors;
  }
  return { binSize, bins, lanes };
}

/** Propagation-path entries kept from its start (the decisive step and what it fed) when it leaves the window. */
const PATH_HEAD = 50;
/** Path entries kept around the window, at most (a path can be as long as the run). */
const PATH_WINDOW_MAX = 2 * PAGE_WINDOW_STEPS;
/** Channel hops kept at the start and the end of the path (the verdict header shows those), plus the window's. */
const HOPS_HEAD = 3;
const HOPS_TAIL = 2;
const HOPS_WINDOW_MAX = 2 * PAGE_WINDOW_STEPS;

/**
 * The report summary for a window: per-step briefs of the shipped steps, plus (bounded) the briefs
 * on the propagation path or corrupted elsewhere, so verdict navigation still knows them. The
 * propagation and channel paths can be as long as the run (corruption relayed through every step
 * of a 100k-step chat): they are cut to their start, their end and the part inside the window,
 * and `trimmed` keeps their whole-run sizes and the agents the corruption reached.
 */
export function trimReportToWindow(
  report: ReportSummary,
  shipped: ReadonlySet<string>,
  shippedEdges?: ReadonlySet<string>,
): ReportSummary {
  const out = trimBriefs(report, shipped);
  const path = report.propagationPath;
  const hops = report.channelPath;
  if (path.length <= PATH_HEAD + PATH_WINDOW_MAX && hops.length <= HOPS_HEAD + HOPS_TAIL + HOPS_WINDOW_MAX) return out;
  // Path: its head, then one contiguous slice from the first to the last shipped entry. Entries
  // stay consecutive only where they were: the page lights the edge between consecutive entries,
  // and a gap between the two slices always starts at an entry outside the window (no edge shipped).
  let first = -1;
  let last = -1;
  path.forEach((id, i) => {
    if (!shipped.has(id)) return;
    if (first < 0) first = i;
    last = i;
  });
  const keptPath =
    first < 0
      ? path.slice(0, PATH_HEAD)
      : [
          ...path.slice(0, Math.min(PATH_HEAD, first)),
          ...path.slice(first, Math.min(last + 1, first + PATH_WINDOW_MAX)),
        ];
  // Hops: the first and last few (the verdict header's chain), and those whose edges the window has.
  const inWindow = (hop: (typeof hops)[number]) =>
    shippedEdges ? hop.edgeIds.some((id) => shippedEdges.has(id)) : false;
  let windowHops = 0;
  const keptHops = hops
    .filter(
      (hop, i) => i < HOPS_HEAD || i >= hops.length - HOPS_TAIL || (inWindow(hop) && windowHops++ < HOPS_WINDOW_MAX),
    )
    .map((hop) =>
      shippedEdges && hop.edgeIds.length > 1 ? { ...hop, edgeIds: keepShippedEdgeIds(hop.edgeIds, shippedEdges) } : hop,
    );
  return {
    ...out,
    propagationPath: keptPath,
    channelPath: keptHops,
    trimmed: { pathLength: path.length, hopCount: hops.length, hopAgents: [...new Set(hops.map((h) => h.toAgent))] },
  };
}

/** A hop's edge ids the page can show; the last one always stays (the verdict header links it). */
function keepShippedEdgeIds(ids: string[], shipped: ReadonlySet<string>): string[] {
  const kept = ids.filter((id, i) => shipped.has(id) || i === ids.length - 1);
  return kept;
}

function trimBriefs(report: ReportSummary, shipped: ReadonlySet<string>): ReportSummary {
  let extra = 0;
  const steps = report.steps.filter((s) => {
    if (shipped.has(s.stepId)) return true;
    if ((s.onPath || s.corrupted) && extra < OFF_WINDOW_BRIEFS_MAX) {
      extra += 1;
      return true;
    }
    return false;
  });
  return { ...report, steps };
}
