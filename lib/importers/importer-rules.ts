/**
 * Format rules an importer can be asked to leave out (`ImportOptions.ablate`), so that each one's
 * contribution to the engine's figures can be measured (`npm run eval -- --rule-ablation`). Each
 * is honoured at exactly one place; absent or empty, every import is unchanged. Measurement only.
 */
export type ImporterRule =
  /** Who&When AG2 records: the task is the question only, not the opening prompt from its task header on (`givenTask`). */
  | "given-task"
  /** AG2-layout chats: a Magentic-One terminal's script report stays a message, not a program result (`MAGENTIC_SCRIPT_RESULT`). */
  | "script-result";

export const IMPORTER_RULES: readonly ImporterRule[] = ["given-task", "script-result"];

/** Whether this import leaves the rule out. */
export const importerRuleOff = (ablate: readonly ImporterRule[] | undefined, rule: ImporterRule): boolean =>
  ablate?.includes(rule) ?? false;
