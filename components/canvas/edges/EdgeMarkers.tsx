/**
 * Arrowheads shared by every edge (filled for message/state/aggregation, hollow for delegation),
 * in the three tones an edge can have. Defined once per page; edges reference them by id.
 */
export type MarkerShape = "arrow" | "hollow";
export type MarkerTone = "plain" | "path" | "sel";

const TONE_COLOR: Record<MarkerTone, string> = { plain: "var(--text-muted)", path: "var(--culprit)", sel: "var(--accent)" };

export function markerId(shape: MarkerShape, tone: MarkerTone): string {
  return `culprit-${shape}-${tone}`;
}

export function EdgeMarkers() {
  return (
    <svg width="0" height="0" style={{ position: "absolute" }} aria-hidden>
      <defs>
        {(Object.keys(TONE_COLOR) as MarkerTone[]).map((tone) => (
          <g key={tone}>
            <marker id={markerId("arrow", tone)} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" style={{ fill: TONE_COLOR[tone] }} />
            </marker>
            <marker id={markerId("hollow", tone)} viewBox="0 0 12 12" refX="11" refY="6" markerWidth="12" markerHeight="12" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
              <path d="M1,1 L11,6 L1,11 z" style={{ fill: "var(--surface)", stroke: TONE_COLOR[tone], strokeWidth: 1.5 }} />
            </marker>
          </g>
        ))}
      </defs>
    </svg>
  );
}
