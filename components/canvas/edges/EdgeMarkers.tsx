/**
 * Arrowheads shared by every edge (filled for message/state/aggregation, hollow for delegation),
 * in the three tones an edge can have. Defined once per page; edges reference them by id.
 */
import { EDGE_TOKEN, paint, type EdgeTone } from "@/components/theme/colours";

export type MarkerShape = "arrow" | "hollow";
export type MarkerTone = EdgeTone;

export function markerId(shape: MarkerShape, tone: MarkerTone): string {
  return `culprit-${shape}-${tone}`;
}

export function EdgeMarkers() {
  return (
    <svg width="0" height="0" style={{ position: "absolute" }} aria-hidden>
      <defs>
        {(Object.keys(EDGE_TOKEN) as MarkerTone[]).map((tone) => (
          <g key={tone}>
            <marker
              id={markerId("arrow", tone)}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              markerUnits="userSpaceOnUse"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" style={{ fill: paint(EDGE_TOKEN[tone]) }} />
            </marker>
            <marker
              id={markerId("hollow", tone)}
              viewBox="0 0 12 12"
              refX="11"
              refY="6"
              markerWidth="12"
              markerHeight="12"
              markerUnits="userSpaceOnUse"
              orient="auto-start-reverse"
            >
              <path
                d="M1,1 L11,6 L1,11 z"
                style={{ fill: "var(--surface)", stroke: paint(EDGE_TOKEN[tone]), strokeWidth: 1.5 }}
              />
            </marker>
          </g>
        ))}
      </defs>
    </svg>
  );
}
