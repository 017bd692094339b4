import { JudgeError, type JudgeConfig } from "./judge-config";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** One chat completion from an OpenAI-compatible endpoint, temperature 0; returns the text. */
export async function chatCompletion(
  config: JudgeConfig,
  messages: ChatMessage[],
  signal?: AbortSignal,
): Promise<string> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  let res: Response;
  try {
    res = await fetch(`${config.baseUrl}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: config.model, messages, temperature: 0 }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    if (timeout.aborted)
      throw new JudgeError(`The judge at ${config.baseUrl} did not answer within ${config.timeoutMs} ms`);
    const cause = (err as { cause?: { code?: string } }).cause;
    throw new JudgeError(`Cannot reach the judge at ${config.baseUrl}: ${cause?.code ?? (err as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw new JudgeError(`The judge answered HTTP ${res.status}: ${text.slice(0, 200)}`);
  try {
    const content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message
      ?.content;
    if (typeof content !== "string") throw new Error();
    return content;
  } catch {
    throw new JudgeError(`The judge's answer is not an OpenAI chat completion: ${text.slice(0, 200)}`);
  }
}

/** The first JSON object in a model's answer (models wrap JSON in prose or code fences). */
export function firstJsonObject(text: string): Record<string, unknown> | undefined {
  for (let start = text.indexOf("{"); start >= 0; start = text.indexOf("{", start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === "\\") i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) {
        try {
          const v = JSON.parse(text.slice(start, i + 1));
          if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
        } catch {
          /* try the next opening brace */
        }
        break;
      }
    }
  }
  return undefined;
}
