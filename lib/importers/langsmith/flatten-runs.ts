import { isRecord } from "../trace-builder";

export interface FlatRun {
  run: Record<string, unknown>;
  id?: string;
  parentId?: string;
  path: string;
}

/**
 * Flattens runs given as a list and/or nested `child_runs` trees. The parent of a run is, in
 * order of trust: the run that nests it, `parent_run_id`, or the previous segment of its
 * `dotted_order` (`<time>Z<uuid>.<time>Z<uuid>...`).
 */
export function flattenRuns(roots: readonly unknown[]): FlatRun[] {
  const out: FlatRun[] = [];
  const visit = (value: unknown, path: string, nestedIn: string | undefined, depth: number): void => {
    if (!isRecord(value) || depth > 10_000) return;
    const id = str(value.id) ?? str(value.run_id);
    const parentId = nestedIn ?? str(value.parent_run_id) ?? dottedParent(value.dotted_order);
    out.push({ run: value, id, parentId, path });
    if (Array.isArray(value.child_runs))
      value.child_runs.forEach((c, i) => visit(c, `${path}.child_runs[${i}]`, id, depth + 1));
  };
  roots.forEach((r, i) => visit(r, `[${i}]`, undefined, 0));
  return out;
}

function dottedParent(dotted: unknown): string | undefined {
  if (typeof dotted !== "string") return undefined;
  const segments = dotted.split(".");
  if (segments.length < 2) return undefined;
  const prev = segments[segments.length - 2];
  const z = prev.indexOf("Z");
  return z >= 0 ? prev.slice(z + 1) || undefined : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v ? v : undefined;
}
