/**
 * Badge text for each mark: the shape/word carries the meaning, never the colour alone. Its own
 * module so the inspector can use it without pulling the canvas (and React Flow) into the page bundle.
 */
import type { StepMark } from "@/lib/view/index-report";

export const MARK_TAG = {
  origin: "✕ root cause",
  suspect: "? suspect",
  carried: "↯ carried",
  repair: "✓ repair",
  error: "! error",
  neutral: null,
} as const satisfies Record<StepMark, string | null>;

/** The badge of one step: a suspect says its rank ("? suspect 2"), as the header ranks them. */
export function markTag(mark: StepMark, suspectRank: number | undefined): string | null {
  if (mark === "suspect" && suspectRank !== undefined) return `${MARK_TAG.suspect} ${suspectRank}`;
  return MARK_TAG[mark];
}
