"use client";
import { useCallback } from "react";
import type { RunPageData } from "@/lib/view/types";
import { resolveEdgeIds } from "@/lib/view/canvas-ids";

/** Canvas edge id → the trace edge ids it stands for (ids are made and parsed in lib/view/canvas-ids). */
export function useResolveEdgeIds(data: Pick<RunPageData, "edges" | "steps">) {
  return useCallback(
    (edgeId: string): string[] => resolveEdgeIds(edgeId, data.steps, data.edges),
    [data.edges, data.steps],
  );
}
