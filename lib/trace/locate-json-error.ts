/**
 * Finds the character offset of the first syntax error in a JSON text.
 *
 * Node 20's JSON.parse does not always report a position ("Unexpected token ','"), so on failure
 * we re-scan the text with this small validator. It runs only after a parse already failed, so it
 * favours clarity over speed; it is iterative, so deeply nested input cannot overflow the stack.
 * Returns undefined when the text is in fact valid.
 */
export function locateJsonError(text: string): number | undefined {
  let i = 0;
  const n = text.length;
  // Stack of open containers: "{" or "[".
  const stack: string[] = [];
  const ws = () => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const scanString = (): boolean => {
    if (text[i] !== '"') return false;
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return true;
      }
      if (c < 32) return false;
      if (c === 92) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else return false;
      } else i++;
    }
    return false;
  };
  const scanScalar = (): boolean => {
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return true;
      }
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0].length === 0) return false;
    i += m[0].length;
    return true;
  };

  // expect: "value" | "key" | "after-value"
  let expect: "value" | "key-or-close" | "key" | "value-or-close" | "after-value" = "value";
  for (;;) {
    ws();
    if (expect === "value" || expect === "value-or-close") {
      if (i >= n) return i;
      const c = text[i];
      if (expect === "value-or-close" && c === "]") {
        stack.pop();
        i++;
        expect = "after-value";
      } else if (c === "{") {
        stack.push("{");
        i++;
        expect = "key-or-close";
      } else if (c === "[") {
        stack.push("[");
        i++;
        expect = "value-or-close";
      } else if (c === '"') {
        if (!scanString()) return i;
        expect = "after-value";
      } else {
        if (!scanScalar()) return i;
        expect = "after-value";
      }
    } else if (expect === "key" || expect === "key-or-close") {
      if (i >= n) return i;
      if (expect === "key-or-close" && text[i] === "}") {
        stack.pop();
        i++;
        expect = "after-value";
        continue;
      }
      if (!scanString()) return i;
      ws();
      if (text[i] !== ":") return i;
      i++;
      expect = "value";
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) return i < n ? i : undefined;
      if (i >= n) return i;
      if (text[i] === ",") {
        i++;
        expect = top === "{" ? "key" : "value";
      } else if ((top === "{" && text[i] === "}") || (top === "[" && text[i] === "]")) {
        stack.pop();
        i++;
      } else return i;
    }
  }
}
