/**
 * A small, bounded reader for Python `repr()` text of the kind logging tools print, e.g.
 * `TextMessage(source='WebSurfer', models_usage=RequestUsage(prompt_tokens=9, completion_tokens=3),
 * content="it's done", type='TextMessage')`. It understands literals (quoted strings with escapes and
 * prefixes, numbers, None/True/False), lists, tuples, dicts, sets and calls `Name(arg, key=value)`,
 * and nothing else: no evaluation, no name lookup. Calls become plain objects, so a pydantic model's
 * repr reads like its `model_dump()`:
 * `{ "__class__": "TextMessage", source: "WebSurfer", ... }` (positional arguments under `__args__`).
 *
 * Bounded: nesting depth and value count are capped, and the scan is a single left-to-right pass, so
 * hostile text costs at most linear time. Returns `undefined` when the text is not one complete value.
 */
export type PyValue = string | number | boolean | null | PyValue[] | { [key: string]: PyValue };

export const PY_CLASS = "__class__";
export const PY_ARGS = "__args__";

const MAX_DEPTH = 64;
const MAX_VALUES = 200_000;

export function parsePythonRepr(text: string): PyValue | undefined {
  const parser = new ReprParser(text);
  try {
    const value = parser.value(0);
    parser.skipSpace();
    return parser.atEnd() ? value : undefined;
  } catch (err) {
    if (err === FAIL) return undefined;
    throw err;
  }
}

/**
 * The `str()` of a pydantic model: `name=value` fields separated by spaces
 * (`tool='search' tool_input={'q': 'x'} log='…'`), as an object; undefined unless the whole text is such fields.
 */
export function parseKeywordFields(text: string): PyValue | undefined {
  const parser = new ReprParser(text);
  try {
    return parser.fields();
  } catch (err) {
    if (err === FAIL) return undefined;
    throw err;
  }
}

/** Cheap test before parsing: text that starts like `Name(` or `Name(…)` after optional space. */
export function looksLikeReprCall(text: string): boolean {
  return /^\s*[A-Za-z_][\w.]*\(/.test(text.slice(0, 300));
}

const FAIL = Symbol("not a repr");
const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "0": "\0",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "\n": "",
};
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[\w.]/;

class ReprParser {
  private pos = 0;
  private values = 0;
  constructor(private readonly s: string) {}

  atEnd(): boolean {
    return this.pos >= this.s.length;
  }

  skipSpace(): void {
    const s = this.s;
    while (
      this.pos < s.length &&
      (s[this.pos] === " " || s[this.pos] === "\n" || s[this.pos] === "\t" || s[this.pos] === "\r")
    )
      this.pos++;
  }

  value(depth: number): PyValue {
    if (depth > MAX_DEPTH || ++this.values > MAX_VALUES) throw FAIL;
    this.skipSpace();
    const c = this.s[this.pos];
    if (c === undefined) throw FAIL;
    if (c === "'" || c === '"') return this.string();
    if (c === "[") return this.sequence("]", depth);
    if (c === "(") return this.tupleOrGroup(depth);
    if (c === "{") return this.dictOrSet(depth);
    if (c === "-" || c === "+" || (c >= "0" && c <= "9")) return this.number();
    if (NAME_START.test(c)) {
      const start = this.pos;
      const name = this.name();
      const next = this.s[this.pos];
      // String prefixes: r'…', b"…", u'…', f'…', rb'…'.
      if ((next === "'" || next === '"') && /^[rRbBuUfF]{1,2}$/.test(name)) return this.string(/[rR]/.test(name));
      if (name === "None") return null;
      if (name === "True") return true;
      if (name === "False") return false;
      if (name === "inf" || name === "nan") return name;
      this.skipSpace();
      if (this.s[this.pos] === "(") return this.call(name, depth);
      // A bare name (an enum member, `datetime.timezone.utc`): keep its text.
      return this.s.slice(start, this.pos);
    }
    if (c === "<") return this.angleRepr();
    throw FAIL;
  }

  private name(): string {
    const start = this.pos;
    while (this.pos < this.s.length && NAME_CHAR.test(this.s[this.pos])) this.pos++;
    return this.s.slice(start, this.pos);
  }

  private string(raw = false): string {
    const s = this.s;
    const quote = s[this.pos];
    const triple = s.startsWith(quote.repeat(3), this.pos);
    this.pos += triple ? 3 : 1;
    let out = "";
    let chunk = this.pos;
    while (this.pos < s.length) {
      const c = s[this.pos];
      if (c === quote && (!triple || s.startsWith(quote.repeat(3), this.pos))) {
        out += s.slice(chunk, this.pos);
        this.pos += triple ? 3 : 1;
        return out;
      }
      if (c === "\n" && !triple) throw FAIL;
      if (c === "\\") {
        out += s.slice(chunk, this.pos);
        const e = s[this.pos + 1];
        if (e === undefined) throw FAIL;
        if (raw) {
          out += c + e;
          this.pos += 2;
        } else if (e === "x" || e === "u" || e === "U") {
          const len = e === "x" ? 2 : e === "u" ? 4 : 8;
          const hex = s.slice(this.pos + 2, this.pos + 2 + len);
          if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) throw FAIL;
          const code = parseInt(hex, 16);
          if (code > 0x10ffff) throw FAIL;
          out += String.fromCodePoint(code);
          this.pos += 2 + len;
        } else if (e in ESCAPES) {
          out += ESCAPES[e];
          this.pos += 2;
        } else {
          out += c + e; // Python keeps unknown escapes as written
          this.pos += 2;
        }
        chunk = this.pos;
        continue;
      }
      this.pos++;
    }
    throw FAIL;
  }

  private number(): number | string {
    const m = /^[-+]?(?:\d[\d_]*)?(?:\.\d*)?(?:[eE][-+]?\d+)?j?/.exec(this.s.slice(this.pos, this.pos + 64));
    if (!m || m[0] === "" || m[0] === "-" || m[0] === "+") {
      // -inf / -nan
      const rest = /^[-+](?:inf|nan)/.exec(this.s.slice(this.pos, this.pos + 4));
      if (rest) {
        this.pos += rest[0].length;
        return rest[0];
      }
      throw FAIL;
    }
    this.pos += m[0].length;
    if (m[0].endsWith("j")) return m[0]; // complex: keep its text
    const n = Number(m[0].replace(/_/g, ""));
    if (!Number.isFinite(n)) throw FAIL;
    return n;
  }

  private sequence(close: string, depth: number): PyValue[] {
    this.pos++;
    const items: PyValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.s[this.pos] === close) {
        this.pos++;
        return items;
      }
      items.push(this.value(depth + 1));
      this.skipSpace();
      if (this.s[this.pos] === ",") this.pos++;
      else if (this.s[this.pos] !== close) throw FAIL;
    }
  }

  /** `(a, b)` is a tuple (a list here); `(a)` is just `a`. */
  private tupleOrGroup(depth: number): PyValue {
    const start = this.pos;
    this.pos++;
    this.skipSpace();
    if (this.s[this.pos] === ")") {
      this.pos++;
      return [];
    }
    const first = this.value(depth + 1);
    this.skipSpace();
    if (this.s[this.pos] === ")") {
      this.pos++;
      return first;
    }
    this.pos = start;
    return this.sequence(")", depth);
  }

  private dictOrSet(depth: number): PyValue {
    this.pos++;
    const out: Record<string, PyValue> = {};
    const setItems: PyValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.s[this.pos] === "}") {
        this.pos++;
        return setItems.length ? setItems : out;
      }
      const key = this.value(depth + 1);
      this.skipSpace();
      if (this.s[this.pos] === ":") {
        this.pos++;
        const v = this.value(depth + 1);
        out[typeof key === "string" ? key : JSON.stringify(key)] = v;
      } else setItems.push(key);
      this.skipSpace();
      if (this.s[this.pos] === ",") this.pos++;
      else if (this.s[this.pos] !== "}") throw FAIL;
    }
  }

  private call(name: string, depth: number): PyValue {
    this.pos++; // (
    const out: Record<string, PyValue> = { [PY_CLASS]: name };
    const args: PyValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.s[this.pos] === ")") {
        this.pos++;
        if (args.length) out[PY_ARGS] = args;
        return out;
      }
      const save = this.pos;
      const key = NAME_START.test(this.s[this.pos] ?? "") ? this.name() : "";
      this.skipSpace();
      if (key && !key.includes(".") && this.s[this.pos] === "=" && this.s[this.pos + 1] !== "=") {
        this.pos++;
        out[key] = this.value(depth + 1);
      } else {
        this.pos = save;
        args.push(this.value(depth + 1));
      }
      this.skipSpace();
      if (this.s[this.pos] === ",") this.pos++;
      else if (this.s[this.pos] !== ")") throw FAIL;
    }
  }

  /** `a=1 b='x' …` to its end, each field once; at least one field. */
  fields(): PyValue {
    const out: Record<string, PyValue> = {};
    for (this.skipSpace(); !this.atEnd(); this.skipSpace()) {
      if (!NAME_START.test(this.s[this.pos])) throw FAIL;
      const key = this.name();
      if (key.includes(".") || this.s[this.pos] !== "=" || key in out) throw FAIL;
      this.pos++;
      out[key] = this.value(1);
    }
    if (Object.keys(out).length === 0) throw FAIL;
    return out;
  }

  /** `<Image>` or `<object at 0x…>`: opaque; kept as its text. */
  private angleRepr(): string {
    const end = this.s.indexOf(">", this.pos);
    if (end < 0 || end - this.pos > 1000) throw FAIL;
    const text = this.s.slice(this.pos, end + 1);
    this.pos = end + 1;
    return text;
  }
}

/** `datetime.datetime(2025, 8, 29, 12, 6, 56, 430177, tzinfo=…)` → ISO-8601 (UTC assumed), else undefined. */
export function pyDatetimeToIso(value: PyValue | undefined): string | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const cls = value[PY_CLASS];
  if (cls !== "datetime.datetime" && cls !== "datetime") return undefined;
  const a = value[PY_ARGS];
  if (!Array.isArray(a) || a.length < 3 || !a.every((n) => typeof n === "number" && Number.isInteger(n)))
    return undefined;
  const [y, mo, d, h = 0, mi = 0, s = 0, us = 0] = a as number[];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s, Math.floor(us / 1000));
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
