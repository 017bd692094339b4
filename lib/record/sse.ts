/**
 * Server-sent events as the LLM APIs use them: `event:` (optional) and `data:` lines, blank-line
 * separated. Parsing is incremental so a streamed response can be assembled while it is passed on.
 */
export interface SseEvent {
  event?: string;
  data: string;
}

export class SseParser {
  private buffer = "";
  readonly events: SseEvent[] = [];

  push(chunk: string): void {
    this.buffer += chunk;
    let cut: number;
    while ((cut = this.buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = this.buffer.slice(0, cut);
      this.buffer = this.buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
      this.block(block);
    }
  }

  /** Flushes a last block that had no blank line after it. */
  end(): SseEvent[] {
    if (this.buffer.trim()) this.block(this.buffer);
    this.buffer = "";
    return this.events;
  }

  private block(block: string): void {
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length) this.events.push({ ...(event ? { event } : {}), data: data.join("\n") });
  }
}

export function parseSse(text: string): SseEvent[] {
  const p = new SseParser();
  p.push(text);
  return p.end();
}

/** One SSE block; `event` is written only for APIs that name their events. */
export function sseBlock(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

export function jsonOrUndefined(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
