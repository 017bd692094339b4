/**
 * An upload error as a person can act on it: one short sentence with the likely cause ("The file
 * looks cut off at line 78."), and the server's full message kept as details. `text` is the start
 * of what was uploaded, when the browser has it (top-level keys, line count).
 */
export interface UploadErrorInput {
  code: string;
  message: string;
  location?: { line: number; column: number };
}

export interface UploadErrorView {
  title: string;
  /** The server's own words, shown behind "Details" when they add something. */
  details: string | null;
}

const MAX_TITLE = 160;
const CUT_OFF = /unterminated|unexpected end|end of (json|data|input)/i;

export function describeUploadError(error: UploadErrorInput, text?: string): UploadErrorView {
  const details = error.message.length > 0 ? error.message : null;
  if (error.code === "malformed_json" && error.location) {
    // The error sits on the text's last non-empty line: the file stops mid-value.
    const lines = text === undefined ? null : text.trimEnd().split("\n").length;
    const { line, column } = error.location;
    const atEnd = lines !== null && line >= lines;
    if (CUT_OFF.test(error.message) || atEnd)
      return { title: `The file looks cut off at line ${line}: it ends before its JSON is complete.`, details };
    const reason = /:\s*([^:]+)$/.exec(error.message)?.[1]?.trim();
    return { title: `The JSON is broken at line ${line}, column ${column}${reason ? ` (${reason})` : ""}.`, details };
  }
  if (error.code === "unknown_format") {
    if (/^Unknown format "/.test(error.message)) return { title: short(error.message), details: null };
    const keys = topLevelKeys(text);
    const seen = keys
      ? ` Its top-level ${keys.kind === "array" ? "items have" : "keys are"} ${keys.names.map((k) => `“${k}”`).join(", ") || "none"}.`
      : "";
    return {
      title: `This file is not a trace format Culprit reads.${seen} Pick its format below, or see the supported formats.`,
      details,
    };
  }
  return {
    title: short(error.message || "The upload failed."),
    details: error.message.length > MAX_TITLE ? error.message : null,
  };
}

/** The first sentence of a message, at most MAX_TITLE characters. */
function short(message: string): string {
  const first = message.split(/\n|(?<=\.)\s/)[0].trim();
  return first.length > MAX_TITLE ? `${first.slice(0, MAX_TITLE - 1)}…` : first;
}

/** The keys of a JSON object (or of an array's first object), at most six, for "we could not recognise it". */
export function topLevelKeys(text: string | undefined): { kind: "object" | "array"; names: string[] } | null {
  if (!text) return null;
  try {
    const value = JSON.parse(
      text.trim().split("\n")[0].startsWith("{") && text.includes("\n{") ? text.split("\n")[0] : text,
    );
    const first = Array.isArray(value) ? value[0] : value;
    if (!first || typeof first !== "object" || Array.isArray(first)) return null;
    return { kind: Array.isArray(value) ? "array" : "object", names: Object.keys(first).slice(0, 6) };
  } catch {
    return null;
  }
}
