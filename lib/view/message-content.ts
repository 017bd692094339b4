/**
 * Trace text as a person reads it: a chat transcript (a JSON array of `{role, content}` messages, or
 * an envelope holding one), a Python repr of a message (`TextMessage(source='X', content='…')`), a
 * model response envelope (`choices[].message`), else plain text. Pure parsing into plain data; the
 * inspector renders it as React text (never HTML).
 */
export interface ViewMessage {
  role?: string;
  name?: string;
  text: string;
  toolCalls?: { name: string; arguments: string }[];
  toolCallId?: string;
}

const MAX_MESSAGES = 200;

/** Messages inside `text`, or null when it is not a message shape (then it is shown as text). */
export function parseMessages(text: string): ViewMessage[] | null {
  const t = text.trim();
  if (t.startsWith("{") || t.startsWith("[")) {
    try {
      return fromJson(JSON.parse(t));
    } catch {
      return null;
    }
  }
  const repr = parseReprMessage(t);
  return repr ? [repr] : null;
}

function fromJson(value: unknown): ViewMessage[] | null {
  if (Array.isArray(value)) {
    const out = value.slice(0, MAX_MESSAGES).map(toMessage);
    return out.length > 0 && out.every((m): m is ViewMessage => m !== null) ? out : null;
  }
  if (!value || typeof value !== "object") return null;
  const o = value as Record<string, unknown>;
  if (Array.isArray(o.messages)) return fromJson(o.messages);
  if (Array.isArray(o.choices)) {
    const msgs = o.choices
      .map((c) => (c && typeof c === "object" ? toMessage((c as Record<string, unknown>).message) : null))
      .filter((m): m is ViewMessage => m !== null);
    return msgs.length ? msgs : null;
  }
  if (o._meta && typeof o._meta === "object") return fromJson(o._meta);
  const single = toMessage(o);
  return single ? [single] : null;
}

function toMessage(value: unknown): ViewMessage | null {
  if (!value || typeof value !== "object") return null;
  const o = value as Record<string, unknown>;
  const role = typeof o.role === "string" ? o.role : typeof o.type === "string" && "content" in o ? o.type : undefined;
  if (!role || !("content" in o || "tool_calls" in o)) return null;
  const msg: ViewMessage = { role, text: contentText(o.content) };
  if (typeof o.name === "string") msg.name = o.name;
  if (typeof o.tool_call_id === "string") msg.toolCallId = o.tool_call_id;
  if (Array.isArray(o.tool_calls)) msg.toolCalls = o.tool_calls.slice(0, 20).map(toolCall);
  return msg;
}

function contentText(content: unknown): string {
  if (typeof content === "string") return parseReprMessage(content)?.text ?? content;
  if (Array.isArray(content))
    return content
      .map((part) =>
        typeof part === "string"
          ? part
          : part && typeof part === "object" && typeof (part as { text?: unknown }).text === "string"
            ? (part as { text: string }).text
            : "",
      )
      .filter(Boolean)
      .join("\n");
  return content === null || content === undefined ? "" : JSON.stringify(content, null, 2);
}

function toolCall(value: unknown): { name: string; arguments: string } {
  const o = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const fn = (o.function && typeof o.function === "object" ? o.function : o) as Record<string, unknown>;
  const args = fn.arguments ?? fn.args ?? fn.input;
  return {
    name: typeof fn.name === "string" ? fn.name : "tool",
    arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}, null, 2),
  };
}

/**
 * `TextMessage(id='…', source='WebSurfer', …, content='…', type='TextMessage')` → its speaker and
 * text. Reads one Python string literal per field (escapes included); anything else is not a repr.
 */
export function parseReprMessage(text: string): ViewMessage | null {
  if (!/^[A-Z]\w*(Message|Event)\(/.test(text)) return null;
  const content = reprField(text, "content");
  if (content === null) return null;
  const source = reprField(text, "source");
  return { role: text.slice(0, text.indexOf("(")), ...(source ? { name: source } : {}), text: content };
}

function reprField(text: string, field: string): string | null {
  const m = new RegExp(`[(,\\s]${field}=(['"])`).exec(text);
  if (!m) return null;
  const quote = m[1];
  let out = "";
  for (let i = m.index + m[0].length; i < text.length; i++) {
    const c = text[i];
    if (c === "\\" && i + 1 < text.length) {
      const n = text[++i];
      out += n === "n" ? "\n" : n === "t" ? "\t" : n;
    } else if (c === quote) return out;
    else out += c;
  }
  return null;
}
