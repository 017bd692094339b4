/**
 * AG2 / AutoGen 0.2 printed chat: what `initiate_chat` prints (`ConversableAgent._print_received_message`,
 * autogen 0.2 branch @ c631b34e), read back into the message records `map-ag2-messages.ts` maps:
 *
 * ```
 * sender (to recipient):            ← print(name, "(to", f"{recipient}):\n")
 *                                   ← (the blank line that print adds)
 * <content, verbatim>
 * ***** Suggested tool call (call_…): name *****     ← per tool call: "Arguments: \n" + arguments,
 * Arguments:                                             closed by a line of as many `*`
 * {…}
 * ***********************************
 *                                   ← print("\n", "-" * 80)
 * --------------------------------------------------------------------------------
 * ```
 *
 * A tool message with `tool_responses` prints its header, then one nested block per response
 * (`***** Response from calling tool (call_…) *****` … `*****`): read back as one message with
 * `tool_responses`, as AG2 stores it. Lines between blocks are the harness's (`>>>>>>>> EXECUTING
 * CODE BLOCK 0 …`, `>>>>>>>> USING AUTO REPLY...`, `>>>>>>>> EXECUTING FUNCTION f...` and its
 * logged input/output, `Next speaker: X`, a sequential chat's `****…` banner): kept verbatim on the
 * next message as `printed_before`; a line that is none of these is kept there too and reported.
 */
import { type PrintedLine, isBlank, isRuleOf, lineList } from "./printed-lines";

export interface Ag2Print {
  messages: Record<string, unknown>[];
  warnings: string[];
  attributes: Record<string, unknown>;
  /** The initiator's opening request (the first message, when it is plain text). */
  task?: string;
}

interface Header {
  sender: string;
  recipient: string;
}

const SEPARATOR_WIDTH = 80;
const MAX_NAME = 256;

/** `sender (to recipient):` at the start of a line; names are read by hand (no regex over the upload). */
export function ag2Header(line: string): Header | undefined {
  const t = line.trimEnd();
  if (!t.endsWith("):") || t.length < 8 || t[0] === " " || t[0] === "\t") return undefined;
  // The last " (to " whose rest is a name with balanced parentheses (`user (to Agent (GPT-4)):`),
  // looked for only as far back as a name can reach: bounded work on any line.
  const earliest = t.length - 2 - MAX_NAME - 5;
  for (let at = t.lastIndexOf(" (to "); at > 0 && at >= earliest; at = t.lastIndexOf(" (to ", at - 1)) {
    const recipient = t.slice(at + 5, -2).trim();
    if (!recipient || !balancedParentheses(recipient)) continue;
    const sender = t.slice(0, at).trim();
    return sender && sender.length <= MAX_NAME && recipient.length <= MAX_NAME ? { sender, recipient } : undefined;
  }
  return undefined;
}

function balancedParentheses(name: string): boolean {
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === "(") depth++;
    else if (name[i] === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

export function isAg2Separator(line: string): boolean {
  return isRuleOf(line, "-", SEPARATOR_WIDTH);
}

/** A `****…` rule of a sequential chat's banner. */
function isBannerRule(line: string): boolean {
  return isRuleOf(line, "*", SEPARATOR_WIDTH);
}

/** What the harness prints between messages, besides banners (function logs are handled apart). */
function isHarnessLine(line: string): boolean {
  return (
    line.startsWith(">>>>>>>> ") ||
    line.startsWith("Next speaker: ") ||
    line.startsWith("Please give feedback to ") ||
    line.startsWith("Provide feedback to ") ||
    line.startsWith("Replying as ")
  );
}

type Section =
  | { kind: "tool_call"; id: string; name: string }
  | { kind: "function_call"; name: string }
  | { kind: "response"; role: "tool" | "function"; id: string };

/**
 * `***** Suggested tool call (id): name *****`, `***** Suggested function call: name *****`,
 * `***** Response from calling tool (id) *****`; before autogen 0.2.19 (#2135) `Suggested tool Call`,
 * `Suggested function Call` and `Response from calling tool "id"`.
 */
function sectionHeader(line: string): Section | undefined {
  const t = line.trimEnd();
  if (!t.startsWith("***** ") || !t.endsWith(" *****") || t.length < 14) return undefined;
  const inner = t.slice(6, -6);
  const head = inner.slice(0, 26).toLowerCase();
  if (head.startsWith("suggested tool call (")) {
    const close = inner.indexOf("): ");
    if (close < 0) return undefined;
    return { kind: "tool_call", id: inner.slice(21, close), name: inner.slice(close + 3).trim() };
  }
  if (head.startsWith("suggested function call: ")) return { kind: "function_call", name: inner.slice(25).trim() };
  for (const role of ["tool", "function"] as const) {
    const prefix = `Response from calling ${role} `;
    if (!inner.startsWith(prefix)) continue;
    const id = inner.slice(prefix.length);
    if ((id.startsWith("(") && id.endsWith(")")) || (id.startsWith('"') && id.endsWith('"') && id.length >= 2))
      return { kind: "response", role, id: id.slice(1, -1) };
  }
  return undefined;
}

/** The closing rule of a section: only `*`, at least 10 of them. */
function isSectionEnd(line: string): boolean {
  const t = line.trimEnd();
  if (t.length < 10) return false;
  for (let i = 0; i < t.length; i++) if (t[i] !== "*") return false;
  return true;
}

interface Body {
  text: string[];
  calls: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  functionCall?: { name: string; arguments: string };
  responses: { role: "tool" | "function"; id: string; content: string }[];
  /** A section with no closing rule (the print was cut). */
  unclosed: boolean;
}

function parseBody(lines: readonly string[]): Body {
  const body: Body = { text: [], calls: [], responses: [], unclosed: false };
  let k = 0;
  while (k < lines.length) {
    const section = sectionHeader(lines[k]);
    if (!section) {
      body.text.push(lines[k]);
      k++;
      continue;
    }
    let end = k + 1;
    while (end < lines.length && !isSectionEnd(lines[end])) end++;
    if (end >= lines.length) body.unclosed = true;
    const inner = lines.slice(k + 1, end);
    if (section.kind === "response") {
      body.responses.push({ role: section.role, id: section.id, content: inner.join("\n") });
    } else {
      // print("Arguments: \n", arguments, sep=""): the arguments start on the next line.
      const first = inner[0] ?? "";
      const rest = first.startsWith("Arguments:") ? first.slice(10).trim() : undefined;
      const args = (rest === undefined ? inner : rest ? [rest, ...inner.slice(1)] : inner.slice(1)).join("\n");
      if (section.kind === "tool_call")
        body.calls.push({ id: section.id, type: "function", function: { name: section.name, arguments: args } });
      else body.functionCall = { name: section.name, arguments: args };
    }
    k = end + 1;
  }
  return body;
}

/**
 * Reads a printed AG2 chat. `lines` are ANSI-free; `maxMessages` bounds the work (the caller
 * refuses the file past it).
 */
export function parseAg2Print(lines: readonly PrintedLine[], maxMessages: number): Ag2Print | "too_many" {
  const n = lines.length;
  // Next separator at or after each line, and next header: O(1) block ends, linear overall.
  const nextSep = new Int32Array(n + 1).fill(-1);
  const nextHeader = new Int32Array(n + 1).fill(-1);
  for (let i = n - 1; i >= 0; i--) {
    nextSep[i] = isAg2Separator(lines[i].text) ? i : nextSep[i + 1];
    nextHeader[i] = ag2Header(lines[i].text) ? i : nextHeader[i + 1];
  }
  const out: Ag2Print = { messages: [], warnings: [], attributes: { printed_form: "ag2-print" } };
  let pending: string[] = [];
  const unknown: number[] = [];
  const unterminated: number[] = [];
  const headerInside: number[] = [];
  const unclosed: number[] = [];
  let chats = 1;
  let chatOf: number[] = [];
  let functionLog = false;

  const block = (start: number): { body: string[]; end: number } => {
    let sep = nextSep[start + 1];
    const next = nextHeader[start + 1];
    let stop: number;
    let end: number;
    if (sep >= 0 && sep < (next >= 0 ? next : n)) {
      // A line of 80 dashes in the content (a table, a markdown rule) is not the end: the message
      // runs to the last rule before the next header, unless the harness printed in between.
      for (let k = sep + 1, limit = next >= 0 ? next : n; k < limit; k++) {
        const t = lines[k].text;
        if (isAg2Separator(t)) sep = k;
        else if (isHarnessLine(t) || isBannerRule(t)) break;
      }
    }
    if (sep >= 0) {
      stop = sep;
      end = sep + 1;
    } else {
      // No closing rule anywhere after it: the print was cut; the message ends at the next one.
      unterminated.push(lines[start].n);
      stop = next >= 0 ? next : n;
      end = stop;
    }
    const body = lines.slice(start + 1, stop).map((l) => l.text);
    if (body.length && isBlank(body[0])) body.shift(); // the blank line print() adds after the header
    if (body.length && isBlank(body[body.length - 1])) body.pop(); // the "\n" before the rule
    return { body, end };
  };

  const emit = (message: Record<string, unknown>): boolean => {
    if (pending.length) message.printed_before = pending;
    pending = [];
    out.messages.push(message);
    chatOf.push(chats);
    return out.messages.length <= maxMessages;
  };

  let i = 0;
  while (i < n) {
    const line = lines[i].text;
    const header = ag2Header(line);
    if (header) {
      functionLog = false;
      // A tool message with tool_responses: its header, then one nested block per response.
      let j = i + 1;
      if (j < n && isBlank(lines[j].text)) j++;
      const inner = j < n ? ag2Header(lines[j].text) : undefined;
      if (inner && inner.sender === header.sender && inner.recipient === header.recipient) {
        const responses: Body["responses"] = [];
        let k = j;
        while (k < n) {
          const h = ag2Header(lines[k].text);
          if (!h || h.sender !== header.sender || h.recipient !== header.recipient) break;
          const { body, end } = block(k);
          const parsed = parseBody(body);
          if (parsed.responses.length === 0 || parsed.calls.length || parsed.text.some((t) => !isBlank(t))) break;
          if (parsed.unclosed) unclosed.push(lines[k].n);
          responses.push(...parsed.responses);
          k = end;
        }
        if (responses.length) {
          const message: Record<string, unknown> = {
            name: header.sender,
            role: responses[0].role,
            content: responses.map((r) => r.content).join("\n\n"),
            tool_responses: responses.map((r) =>
              r.role === "tool"
                ? { tool_call_id: r.id, role: "tool", content: r.content }
                : { name: r.id, role: "function", content: r.content },
            ),
            recipient: header.recipient,
          };
          if (!emit(message)) return "too_many";
          i = k;
          continue;
        }
      }
      const { body, end } = block(i);
      // A header line before the closing rule: content quoting one, or a message cut before its rule.
      const inside = nextHeader[i + 1];
      if (inside >= 0 && inside < end - 1) headerInside.push(lines[inside].n);
      const parsed = parseBody(body);
      if (parsed.unclosed) unclosed.push(lines[i].n);
      const text = parsed.text.join("\n");
      const message: Record<string, unknown> = { name: header.sender };
      if (parsed.responses.length && !parsed.calls.length && !parsed.functionCall) {
        // A tool or function reply printed without the tool_responses wrapper.
        const r = parsed.responses;
        message.role = r[0].role;
        message.content = r.map((x) => x.content).join("\n\n");
        if (r[0].role === "tool") message.tool_call_id = r[0].id;
        else message.function_name = r[0].id;
        if (r.length > 1) message.tool_responses = r;
        if (parsed.text.some((t) => !isBlank(t))) message.printed_text = text;
      } else {
        message.content = parsed.text.length || (!parsed.calls.length && !parsed.functionCall) ? text : null;
        if (parsed.calls.length) message.tool_calls = parsed.calls;
        if (parsed.functionCall) message.function_call = parsed.functionCall;
        if (parsed.calls.length || parsed.functionCall) message.role = "assistant";
        if (parsed.responses.length) message.tool_responses = parsed.responses;
      }
      message.recipient = header.recipient;
      if (!emit(message)) return "too_many";
      i = end;
      continue;
    }
    if (isBannerRule(line)) {
      // A sequential chat's banner: a rule, "Starting a new chat...." (and, verbose, the message and
      // carryover), a rule. Ends at the next rule, or before the next message if none comes first.
      const close = findBannerEnd(lines, i + 1, nextHeader[i + 1]);
      const text = lines.slice(i, close + 1).map((l) => l.text);
      if (text.some((t) => t.includes("tart a new chat") || t.includes("tarting a new chat"))) {
        if (out.messages.length) chats++;
      }
      pending.push(...text.filter((t) => !isBlank(t)));
      functionLog = false;
      i = close + 1;
      continue;
    }
    if (!isBlank(line)) {
      if (isHarnessLine(line)) {
        functionLog =
          line.startsWith(">>>>>>>> EXECUTING FUNCTION") || line.startsWith(">>>>>>>> EXECUTING ASYNC FUNCTION");
      } else if (!functionLog) unknown.push(lines[i].n);
      pending.push(line);
    }
    i++;
  }

  if (pending.length) out.attributes.printed_after = pending;
  if (chats > 1) {
    out.attributes.printed_chats = chats;
    out.messages.forEach((m, k) => {
      m.chat = chatOf[k];
    });
  }
  chatOf = [];
  if (unknown.length)
    out.warnings.push(
      `${unknown.length} printed ${unknown.length === 1 ? "line" : "lines"} outside any message (${lineList(unknown)}) ${unknown.length === 1 ? "is" : "are"} not part of the AG2 chat print; kept verbatim in the next message's printed_before (or the run's printed_after)`,
    );
  if (unterminated.length)
    out.warnings.push(
      `${unterminated.length === 1 ? "a message" : `${unterminated.length} messages`} (${lineList(unterminated)}) had no closing line of 80 dashes (was the print cut?); read up to the next message or the end`,
    );
  if (headerInside.length)
    out.warnings.push(
      `${lineList(headerInside)} ${headerInside.length === 1 ? "reads" : "read"} as a message header but ${headerInside.length === 1 ? "comes" : "come"} before the closing line of 80 dashes of the message above ${headerInside.length === 1 ? "it" : "them"}; read as that message's content (was a message cut before its closing line?)`,
    );
  if (unclosed.length)
    out.warnings.push(
      `a tool call or tool response section in the message at ${lineList(unclosed)} has no closing line of *; read to the end of the message`,
    );
  const first = out.messages[0];
  if (
    first &&
    typeof first.content === "string" &&
    first.content.trim() &&
    first.role === undefined &&
    !first.tool_calls &&
    !first.function_call
  )
    out.task = first.content;
  return out;
}

/** Index of the banner's closing rule, or the line before the next message (`limit`), or the last line. */
function findBannerEnd(lines: readonly PrintedLine[], from: number, limit: number): number {
  const stop = limit >= 0 ? limit : lines.length;
  for (let k = from; k < stop; k++) if (isBannerRule(lines[k].text)) return k;
  return stop - 1;
}
