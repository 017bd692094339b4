/**
 * The line shapes of a ChatDev 1.0 `.log` (OpenBMB/ChatDev, branch `chatdev1.0`), parsed by hand:
 * the text is the upload itself, so no regex runs over it and every check is linear in the line.
 *
 * Python's `logging` opens every entry with `[%Y-%d-%m %H:%M:%S LEVEL] ` (ChatDev's format string
 * swaps day and month); `chatdev/utils.py` `log_visualize(role, content)` then writes `role: content`.
 * A phase prompt is `Role: **[Start Chat]**` (camel `RolePlaying.init_chat`), a reply
 * `Role: **Assistant<->User on : Phase, turn N**` (`chatdev/phase.py` `Phase.chatting`). Logs written
 * before August 2023 print `[N] AI Assistant (Role):` / `AI User (Role):` instead (ANSI colours removed).
 */

/** An entry's opening line: the time as written, the level, and what follows the bracket. */
export interface LogHeader {
  /** `YYYY-DD-MM HH:MM:SS`, as ChatDev wrote it (local time, no zone): kept as an attribute only. */
  time: string;
  level: string;
  rest: string;
}

export type Utterance =
  | { kind: "phase_prompt"; sender: string }
  | { kind: "reply"; speaker: string; assistant: string; user: string; phase: string; turn: number }
  | { kind: "old_reply"; speaker: string; side: "assistant" | "user"; turn: number }
  | { kind: "old_prompt"; sender: string };

const isDigit = (c: string) => c >= "0" && c <= "9";

/** `[dddd-dd-dd dd:dd:dd LEVEL]` and the rest of the line, else undefined. */
export function logHeader(line: string): LogHeader | undefined {
  if (line.length < 23 || line[0] !== "[") return undefined;
  // "[2023-22-08 14:46:15 " : digits at fixed places, separators between.
  const shape = "[dddd-dd-dd dd:dd:dd ";
  for (let i = 0; i < shape.length; i++) {
    const want = shape[i];
    if (want === "d" ? !isDigit(line[i]) : line[i] !== want) return undefined;
  }
  let end = shape.length;
  while (end < line.length && line[end] >= "A" && line[end] <= "Z") end++;
  if (end === shape.length || end - shape.length > 10 || line[end] !== "]") return undefined;
  const level = line.slice(shape.length, end);
  const rest = line[end + 1] === " " ? line.slice(end + 2) : line.slice(end + 1);
  return { time: line.slice(1, shape.length - 1), level, rest };
}

const START_CHAT = ": **[Start Chat]**";

/** The utterance an entry's first line opens, if it opens one. */
export function utteranceHeader(rest: string): Utterance | undefined {
  const line = rest.trimEnd();
  if (line.endsWith(START_CHAT)) {
    const sender = line.slice(0, line.length - START_CHAT.length).trim();
    return roleName(sender) ? { kind: "phase_prompt", sender } : undefined;
  }
  const reply = replyHeader(line);
  if (reply) return reply;
  return oldHeader(line);
}

/** `Role: **A<->B on : Phase, turn N**`. */
function replyHeader(line: string): Utterance | undefined {
  const colon = line.indexOf(": **");
  if (colon <= 0 || !line.endsWith("**") || line.length < colon + 6) return undefined;
  const speaker = line.slice(0, colon).trim();
  if (!roleName(speaker)) return undefined;
  const inner = line.slice(colon + 4, line.length - 2);
  const arrow = inner.indexOf("<->");
  const on = inner.indexOf(" on : ", arrow + 3);
  const turnAt = inner.lastIndexOf(", turn ");
  if (arrow <= 0 || on < 0 || turnAt < on + 6) return undefined;
  const digits = inner.slice(turnAt + 7);
  if (digits.length === 0 || digits.length > 6 || ![...digits].every(isDigit)) return undefined;
  return {
    kind: "reply",
    speaker,
    assistant: inner.slice(0, arrow).trim(),
    user: inner.slice(arrow + 3, on).trim(),
    phase: inner.slice(on + 6, turnAt).trim(),
    turn: Number(digits),
  };
}

/** Before August 2023: `[N] AI Assistant (Role):` replies, `AI User (Role):` phase prompts. */
function oldHeader(line: string): Utterance | undefined {
  if (!line.endsWith("):")) return undefined;
  let at = 0;
  let turn: number | undefined;
  if (line[0] === "[") {
    const close = line.indexOf("] ");
    const digits = close > 1 ? line.slice(1, close) : "";
    if (digits.length === 0 || digits.length > 6 || ![...digits].every(isDigit)) return undefined;
    turn = Number(digits);
    at = close + 2;
  }
  let side: "assistant" | "user";
  if (line.startsWith("AI Assistant (", at)) side = "assistant";
  else if (line.startsWith("AI User (", at)) side = "user";
  else return undefined;
  const open = line.indexOf("(", at);
  const role = line.slice(open + 1, line.length - 2).trim();
  if (!roleName(role)) return undefined;
  if (turn !== undefined) return { kind: "old_reply", speaker: role, side, turn };
  // Unnumbered, only the user side states a phase prompt (the assistant's is its system message).
  return side === "user" ? { kind: "old_prompt", sender: role } : undefined;
}

/** A role name as ChatDev logs it: one short line, no markup. */
export function roleName(name: string): boolean {
  return name.length > 0 && name.length <= 100 && !name.includes("**") && !name.includes(": ");
}
