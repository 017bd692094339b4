/**
 * The rules `npm run eval -- --rule-ablation` switches off one at a time, and where each was
 * developed. The early rules (up to engine 0.7, and the detectors written before the multi-source
 * folders arrived) were developed on the Who&When dev split, so the three multi-source folders are
 * out of source for them. The later ones were developed with all five sources at hand.
 */
import type { RuleUnderTest } from "./rule-ablation";

const early = (name: Extract<RuleUnderTest, { layer: "engine" }>["name"]): RuleUnderTest => ({
  layer: "engine",
  name,
  developedOn: "who-and-when",
});
const late = (name: Extract<RuleUnderTest, { layer: "engine" }>["name"]): RuleUnderTest => ({
  layer: "engine",
  name,
  developedOn: "all five",
});

/** The six rules the 2026-12-02 audit flags (§1.3), then the other decision rules, then each detector name. */
export const RULES_UNDER_TEST: readonly RuleUnderTest[] = [
  early("approved-origin"),
  early("quoted-task-phrase"),
  early("links-in-code"),
  { layer: "importer", name: "given-task", developedOn: "who-and-when" },
  { layer: "importer", name: "script-result", developedOn: "who-and-when" },
  early("answer-origin"),
  early("value-provenance"),
  early("exposure-prior"),
  early("exposure-tiebreak"),
  early("dead-end"),
  late("coordinator-weight"),
  late("prior-first-write"),
  late("loop-entry"),
  late("period-qualifiers"),
  late("harness-by-behaviour"),
  early("tool-failure"),
  early("false-success-claim"),
  early("ungrounded-value"),
  early("contradiction"),
  early("instruction-drift"),
  early("abandoned-verification"),
  early("repetition-loop"),
  early("premature-termination"),
  early("budget-exhaustion"),
  early("unmet-instruction"),
  early("miscomputed-aggregate"),
  early("empty-reply"),
  early("missing-state"),
  early("unfounded-rejection"),
  early("unsourced-value"),
  early("contradicts-source"),
  early("arithmetic-mismatch"),
  early("fabricated-data"),
  early("dropped-constraint"),
  late("contradicts-output"),
  late("unsupported-answer"),
  late("request-reversal"),
  late("closing-request"),
  late("premature-stop"),
  late("ignored-reversal"),
];
