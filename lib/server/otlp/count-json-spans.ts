import "server-only";

/**
 * Counts the elements of every JSON array held under a key named "spans" (OTLP/JSON's
 * `scopeSpans[].spans`), by scanning the text once without building it, and stops as soon as the
 * count passes `max`. JSON.parse of 40 MB of `{}` spans builds 14 M objects before any importer
 * could refuse them; this check costs one linear pass and no allocation per element.
 * Frames on the stack: 0 = any container, 1 = a spans array expecting an element, 2 = a spans
 * array after an element.
 */
export function countJsonSpans(text: string, max: number): number {
  const stack: number[] = [];
  let count = 0;
  let lastStringIsSpansKey = false;
  let keyIsSpans = false;
  const element = () => {
    if (stack.length && stack[stack.length - 1] === 1) {
      stack[stack.length - 1] = 2;
      count++;
    }
  };
  for (let i = 0; i < text.length && count <= max; i++) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 0x22: {
        // string: skip to its closing quote
        element();
        const start = i + 1;
        for (i = start; i < text.length; i++) {
          const d = text.charCodeAt(i);
          if (d === 0x5c) i++;
          else if (d === 0x22) break;
        }
        lastStringIsSpansKey = i - start === 5 && text.startsWith("spans", start);
        break;
      }
      case 0x3a: // :
        keyIsSpans = lastStringIsSpansKey;
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
      default:
        // a number or literal
        element();
        keyIsSpans = false;
    }
  }
  return count;
}
