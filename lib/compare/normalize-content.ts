/**
 * Content normalization for cross-run comparison: two steps that say the same thing in a different
 * layout (case, whitespace, "1,532.0" vs "1532", a chat-role prefix, a fresh id or timestamp) get
 * the same normalized text, while a different value ("1532" vs "1385") stays different.
 */

/** Values that legitimately differ between two runs of the same system and say nothing about behaviour. */
const VOLATILE: [RegExp, string][] = [
  [/\b\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:?\d{2})?\b/g, "<time>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, "<id>"],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{16,}\b/g, "<id>"],
];

/** A leading chat role ("assistant: ...") that some exporters prepend and others do not. */
const ROLE_PREFIX = /^(assistant|user|system|tool|human|ai)\s*:\s*/;

/** Numbers with thousands separators, signs and decimals, so they can be rewritten canonically. */
const NUMBER = /[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/g;

/** "1,532.50" → "1532.5", "007" → "7", "-0.0" → "0": one spelling per value. */
export function canonicalNumber(text: string): string {
  const value = Number(text.replace(/,/g, ""));
  if (!Number.isFinite(value)) return text;
  return String(Object.is(value, -0) ? 0 : value);
}

/** Lowercase, volatile ids and times masked, numbers canonical, whitespace collapsed. */
export function normalizeContent(text: string): string {
  let out = text.toLowerCase();
  for (const [re, mask] of VOLATILE) out = out.replace(re, mask);
  out = out.replace(NUMBER, canonicalNumber).replace(/\s+/g, " ").trim();
  return out.replace(ROLE_PREFIX, "");
}

/** The word and number tokens of normalized text (for similarity). */
export function contentTokens(normalized: string): string[] {
  return normalized.match(/<[a-z]+>|[-+]?\d+(?:\.\d+)?|[\p{L}\p{N}_]+/gu) ?? [];
}

/** The numeric values mentioned in normalized text, sorted: what "a changed value" means. */
export function contentValues(normalized: string): string[] {
  return (normalized.match(/[-+]?\d+(?:\.\d+)?/g) ?? []).sort();
}

/** Normalized agent name for matching across formats: "Web_Surfer", "web surfer", "WebSurfer" → "websurfer". */
export function normalizeAgentName(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
