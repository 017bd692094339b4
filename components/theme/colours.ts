/**
 * Meaning → colour for code that paints from TypeScript (SVG styles, the canvas timeline, the
 * minimap). It decides nothing: which colour each meaning gets is decided once, in the meaning
 * tokens of `colours.css` (light and dark). This module names those tokens under typed keys, so a
 * component asks for "the colour of a propagator" and cannot pick a palette hue by hand.
 */
import type { AgentRole } from "@/lib/view/flow-types";
import type { StepMark } from "@/lib/view/index-report";

/** A custom property defined in colours.css. */
export type ColourToken = `--${string}`;

/** The value to put in a style: the token wrapped in `var()`. */
export function paint(token: ColourToken): string {
  return `var(${token})`;
}

/** Step marks: fault origin, ranked suspect, carried corruption, repair attempt, failed step, nothing to say. */
export const MARK_TOKEN: Record<StepMark, ColourToken> = {
  origin: "--mark-origin",
  suspect: "--mark-suspect",
  carried: "--mark-carried",
  repair: "--mark-repair",
  error: "--mark-error",
  neutral: "--mark-neutral",
};

/** Minimap fills: the step marks, with neutral ones faint so that marked steps stand out. */
export const MINIMAP_TOKEN: Record<StepMark, ColourToken> = { ...MARK_TOKEN, neutral: "--mark-neutral-faint" };

/** Agent roles (blame bars and everything that colours an agent). */
export const ROLE_TOKEN: Record<AgentRole, ColourToken> = {
  culprit: "--role-culprit",
  propagator: "--role-propagator",
  repairer: "--role-repairer",
  "missed-check": "--role-missed-check",
  suspect: "--role-suspect",
  bystander: "--role-bystander",
};

/** Channel tones: plain, on the corruption path, selected. */
export type EdgeTone = "plain" | "path" | "sel";
export const EDGE_TOKEN: Record<EdgeTone, ColourToken> = {
  plain: "--edge-plain",
  path: "--edge-path",
  sel: "--edge-selected",
};

/** Run outcomes. */
export const OUTCOME_TOKEN = { success: "--outcome-success", failure: "--outcome-failure" } as const satisfies Record<
  string,
  ColourToken
>;

/** Blame of one agent between two runs, and a role that changed. */
export const DELTA_TOKEN = {
  grew: "--blame-grew",
  shrank: "--blame-shrank",
  changed: "--change",
} as const satisfies Record<string, ColourToken>;

/** Per-agent measures drawn on one scale. */
export const MEASURE_TOKEN = {
  tokens: "--measure-tokens",
  blame: "--measure-blame",
  importance: "--measure-importance",
} as const satisfies Record<string, ColourToken>;

/** Step status on the timeline: failed steps are marked like error marks. */
export const STATUS_TOKEN = { error: "--mark-error", ok: "--mark-neutral" } as const satisfies Record<
  string,
  ColourToken
>;
