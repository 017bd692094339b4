/**
 * The one place the engine's edge ids are made and read. Reports point at edges by these ids
 * (`channelPath[].edgeIds`, `evidence.edgeIds`), and the run page's edges carry the same ids so the
 * pointers resolve to drawn edges (`lib/view/view-edges.ts`, the large-run window). Four origins:
 * - `e<i>`: the trace's i-th stated edge (`trace.edges[i]`);
 * - `inferred<i>`: a trace without edges, step i−1 → step i (a chat log's consecutive messages);
 * - `memory<i>`: an agent's own previous step → its step i (the engine adds them; not drawn);
 * - `return<c>`: nested agent c's output back to its invoker's wrapper (the engine adds them; not drawn).
 */
export type EdgeOrigin = "stated" | "inferred" | "memory" | "return";

const PREFIX: Record<EdgeOrigin, string> = { stated: "e", inferred: "inferred", memory: "memory", return: "return" };
const PATTERN = /^(e|inferred|memory|return)(0|[1-9]\d{0,9})$/;
const ORIGIN_OF: Record<string, EdgeOrigin> = { e: "stated", inferred: "inferred", memory: "memory", return: "return" };

/** The id of the edge of this origin at `index` (edge index for stated edges, step index otherwise). */
export function edgeId(origin: EdgeOrigin, index: number): string {
  return `${PREFIX[origin]}${index}`;
}

/** Origin and index of an engine edge id; undefined for anything the engine did not mint. */
export function parseEdgeId(id: string): { origin: EdgeOrigin; index: number } | undefined {
  const m = PATTERN.exec(id);
  return m ? { origin: ORIGIN_OF[m[1]], index: Number(m[2]) } : undefined;
}
