/**
 * The things a tool output lists, read from its text as importers hand it to the engine: structured
 * outputs arrive as `key: value` lines with ids dropped (ADR 0028), so an order reads as one block per
 * item (`name: Rake`, `material: steel`, …) and a product as its name followed by one block per
 * variant. A record starts at a `name` line or where a key repeats; a record without a name of its
 * own takes the last name above it (a variant is named by its product). Records with no name are
 * not things (an address block). A key that occurs once in an output of several records describes
 * the whole output (an order's status after its last item), not the record it trails, and is dropped.
 */
import type { EngineGraph } from "../build-graph";
import { isToolOutput } from "./patterns";

export interface OutputRecord {
  name: string;
  /** Key → value, lowercased. */
  fields: Map<string, string>;
}

const LINE_RE = /^([A-Za-z][\w ]{0,39}):[ \t]*(\S.{0,79})$/;
const NAME_KEYS = new Set(["name", "title", "label"]);
/** Steps read after a call for its output: an output follows its call closely (and a run of many
 *  speakers' calls must not make every call scan to the end of the run). */
const OUTPUT_WINDOW = 50;
/** Lines read per output: a listing of a few hundred things, not a dump. */
const MAX_LINES = 4000;

export function outputRecords(text: string): OutputRecord[] {
  const out: OutputRecord[] = [];
  let name: string | undefined;
  let current: Map<string, string> | null = null;
  let currentName: string | undefined;
  const close = () => {
    if (current && currentName) out.push({ name: currentName, fields: current });
  };
  const lines = text.split("\n", MAX_LINES);
  for (const line of lines) {
    const m = LINE_RE.exec(line.trim());
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim().toLowerCase();
    if (NAME_KEYS.has(key)) {
      close();
      name = value;
      current = new Map();
      currentName = value;
      continue;
    }
    if (!current || current.has(key)) {
      close();
      current = new Map();
      currentName = name;
    }
    current.set(key, value);
  }
  close();
  if (out.length < 2) return out;
  const count = new Map<string, number>();
  for (const r of out) for (const k of r.fields.keys()) count.set(k, (count.get(k) ?? 0) + 1);
  for (const r of out) for (const k of [...r.fields.keys()]) if (count.get(k) === 1) r.fields.delete(k);
  return out;
}

/** The tool output that answers the call at step v: its recorded result, or the next tool output before the caller speaks again. */
export function outputOf(g: EngineGraph, v: number): string | undefined {
  const s = g.steps[v];
  if (s.tool?.result !== undefined) return s.tool.result;
  for (let u = v + 1; u < g.n && u <= v + OUTPUT_WINDOW; u++) {
    if (g.wrapper[u]) continue;
    if (isToolOutput(g, u)) return g.steps[u].content;
    if (g.agentOf[u] === g.agentOf[v]) return undefined;
  }
  return undefined;
}
