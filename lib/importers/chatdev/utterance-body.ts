/**
 * The body of a ChatDev utterance: `"\n\n[" + system prompt + "]\n\n" + text`. ChatDev logs, in
 * brackets, the system message of the role the utterance is addressed to (`RolePlaying.init_chat` puts
 * the assistant's before a phase prompt, `Phase.chatting` the other role's before a reply): framework
 * text, kept apart from what was said. Logs of mid-August 2023 and before log no bracket (they write the
 * system messages as entries of their own); a body that does not open with "[" is all text. Read in
 * one pass over the lines.
 */
import { isBlank } from "../chat/printed/printed-lines";

export interface UtteranceBody {
  /** The bracketed system prompt without its brackets, when the body opens with one. */
  systemPrompt?: string;
  text: string;
  /** The body opens with "[" that no line closes: read whole as the text. */
  unclosed?: boolean;
}

/** Splits `lines` (the entry's lines after its header) into the bracketed system prompt and the text. */
export function utteranceBody(lines: readonly string[], bracketed: boolean): UtteranceBody {
  let first = 0;
  while (first < lines.length && isBlank(lines[first])) first++;
  if (!bracketed || first >= lines.length || !lines[first].startsWith("[")) return { text: joinText(lines, first) };
  const close = promptEnd(lines, first);
  if (close < 0) return { text: joinText(lines, first), unclosed: true };
  const prompt = lines.slice(first, close + 1).join("\n");
  const body = close + 1;
  return { systemPrompt: prompt.slice(1, prompt.trimEnd().length - 1), text: joinText(lines, body) };
}

/**
 * The line that closes the bracket opened at `first`: where the bracket depth, counted over the
 * characters, falls back to zero at a line's end before a blank line (or the entry's end). A prompt
 * with unbalanced brackets inside (a task quoting "[x") closes at the first line ending in "]" before
 * a blank line. -1 when neither exists.
 */
function promptEnd(lines: readonly string[], first: number): number {
  let depth = 0;
  let fallback = -1;
  for (let k = first; k < lines.length; k++) {
    const line = lines[k];
    for (let i = 0; i < line.length; i++) {
      if (line[i] === "[") depth++;
      else if (line[i] === "]") depth--;
    }
    const closes = line.trimEnd().endsWith("]") && (k + 1 >= lines.length || isBlank(lines[k + 1]));
    if (closes && depth === 0) return k;
    if (closes && fallback < 0) fallback = k;
  }
  return fallback;
}

/** Lines from `from` on, without the blank lines around them. */
function joinText(lines: readonly string[], from: number): string {
  let start = from;
  while (start < lines.length && isBlank(lines[start])) start++;
  let end = lines.length;
  while (end > start && isBlank(lines[end - 1])) end--;
  return lines.slice(start, end).join("\n");
}
