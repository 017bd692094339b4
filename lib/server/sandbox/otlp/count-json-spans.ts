import "server-only";

/**
 * Measures OTLP/JSON text by scanning it once without building it: the elements of every JSON
 * array held under a key named "spans" (`scopeSpans[].spans`, also when the key is written with
 * escapes such as `"sp\u0061ns"`) or "child_spans" (span rows nested in their parent, as Patronus'
 * ClickHouse-row export writes them), and the number of JSON values of any kind. Stops as soon as a
 * count passes its limit. JSON.parse of 40 MB of `{}` builds 14 M objects before any importer could
 * refuse them; this check costs one linear pass and no allocation per element.
 * Frames on the stack: 0 = any container, 1 = a spans array expecting an element, 2 = a spans
 * array after an element.
 */
export type JsonMeasure = { spans: number; values: number };

export function measureJson(text: string, limits: { maxSpans: number; maxValues: number }): JsonMeasure {
  const stack: number[] = [];
  const m: JsonMeasure = { spans: 0, values: 0 };
  let lastStringIsSpansKey = false;
  let keyIsSpans = false;
  const element = () => {
    m.values++;
    if (stack.length && stack[stack.length - 1] === 1) {
      stack[stack.length - 1] = 2;
      m.spans++;
    }
  };
  for (let i = 0; i < text.length && m.spans <= limits.maxSpans && m.values <= limits.maxValues; i++) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 0x22: {
        // string: skip to its closing quote
        element();
        const start = i + 1;
        let escaped = false;
        for (i = start; i < text.length; i++) {
          const d = text.charCodeAt(i);
          if (d === 0x5c) {
            escaped = true;
            i++;
          } else if (d === 0x22) break;
        }
        lastStringIsSpansKey = escaped
          ? i - start <= 64 && isSpansKey(unescaped(text.slice(start - 1, i + 1)))
          : (i - start === 5 && text.startsWith("spans", start)) ||
            (i - start === 11 && text.startsWith("child_spans", start));
        break;
      }
      case 0x3a: // :
        keyIsSpans = lastStringIsSpansKey;
        m.values--; // the string before a colon was a key, not a value
        break;
      case 0x5b: // [
        element();
        stack.push(keyIsSpans ? 1 : 0);
        keyIsSpans = false;
        break;
      case 0x7b: // {
        element();
        stack.push(0);
        keyIsSpans = false;
        break;
      case 0x5d: // ]
      case 0x7d: // }
        stack.pop();
        break;
      case 0x2c: // ,
        if (stack.length && stack[stack.length - 1] === 2) stack[stack.length - 1] = 1;
        keyIsSpans = false;
        break;
      case 0x20:
      case 0x09:
      case 0x0a:
      case 0x0d:
        break;
      default: {
        // a number or literal: one value, however many characters it has
        element();
        keyIsSpans = false;
        while (i + 1 < text.length && !",]} \t\n\r:".includes(text[i + 1])) i++;
      }
    }
  }
  return m;
}

/** Spans only, stopping once past `max` (the span cap of uploads). */
export function countJsonSpans(text: string, max: number): number {
  return measureJson(text, { maxSpans: max, maxValues: Number.POSITIVE_INFINITY }).spans;
}

function isSpansKey(key: string | null): boolean {
  return key === "spans" || key === "child_spans";
}

function unescaped(quoted: string): string | null {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return null;
  }
}
