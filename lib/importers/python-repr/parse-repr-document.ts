import { parsePythonRepr } from "./parse-python-repr";

/**
 * A whole file that is a Python repr rather than JSON — what `print(result)` or `print(state)`
 * writes for an AutoGen `TaskResult(messages=[...])` or a saved state dict — read as the value it
 * shows (see `parsePythonRepr`). Returns undefined unless the entire text is one list, dict or call,
 * so a broken JSON file still gets its own JSON error.
 */
export function parseReprDocument(text: string): unknown {
  const value = parsePythonRepr(text.trim());
  return value !== null && typeof value === "object" ? value : undefined;
}
