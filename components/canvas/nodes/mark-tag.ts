/**
 * Badge text for each mark: the shape/word carries the meaning, never the colour alone. Its own
 * module so the inspector can use it without pulling the canvas (and React Flow) into the page bundle.
 */
export const MARK_TAG = {
  origin: "✕ root cause",
  carried: "↯ carried",
  repair: "✓ repair",
  error: "! error",
  neutral: null,
} as const;
