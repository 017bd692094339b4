import "server-only";
import type { TTrace } from "@/lib/trace/schema";

/**
 * Makes a validated trace storable as-is: Postgres text cannot hold NUL, jsonb rejects lone UTF-16
 * surrogates, `timestamptz` has no year 0 and no UTC offsets beyond ±15:59. The zod schema accepts
 * all of these, so they are fixed here, once, at the database boundary, and each kind of fix is
 * named in the run's warnings. Names and step ids that collide after cleaning get a `#n` suffix so
 * the unique keys still hold. Returns the same object when nothing needed cleaning.
 */
export function sanitizeTrace(trace: TTrace): TTrace {
  const fixes = new Set<string>();
  const cleaned = cleanValue(trace, fixes) as TTrace;
  fixTimestamps(cleaned, fixes);
  if (fixes.size === 0) return trace;
  dedupeNames(cleaned, fixes);
  cleaned.warnings = [...cleaned.warnings, ...[...fixes].sort().map((f) => `Stored with changes: ${f}`)];
  return cleaned;
}

// NUL and lone surrogates; a valid surrogate pair matches neither alternative. Linear (no nesting).
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** NUL and lone surrogates become U+FFFD (what `String.prototype.toWellFormed` does for surrogates). */
export function cleanText(text: string): string {
  BAD_TEXT.lastIndex = 0;
  return BAD_TEXT.test(text) ? text.replace(BAD_TEXT, "\ufffd") : text;
}

/** Copies only the parts that change; returns the input itself when it is clean. */
function cleanValue(value: unknown, fixes: Set<string>): unknown {
  if (typeof value === "string") {
    const clean = cleanText(value);
    if (clean !== value) fixes.add("NUL bytes or unpaired UTF-16 surrogates replaced by U+FFFD");
    return clean;
  }
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = cleanValue(value[i], fixes);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  if (value && typeof value === "object") {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const ck = cleanText(k);
      const cv = cleanValue(v, fixes);
      if (ck !== k || cv !== v) {
        if (ck !== k) fixes.add("NUL bytes or unpaired UTF-16 surrogates replaced by U+FFFD");
        out ??= { ...(value as Record<string, unknown>) };
        if (ck !== k) delete out[k];
        out[ck] = cv;
      }
    }
    return out ?? value;
  }
  return value;
}

const ISO = /^(\d{4})-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(Z|[+-](\d\d):?(\d\d))?$/i;

/** A timestamp Postgres cannot store is converted to UTC when possible, else dropped. */
export function storableTimestamp(ts: string): { value: string | undefined; fix?: string } {
  const m = ISO.exec(ts);
  if (!m) return { value: ts };
  if (Number(m[1]) === 0) return { value: undefined, fix: "timestamps in year 0000 dropped" };
  if (m[3] !== undefined && Number(m[3]) > 15) {
    const d = new Date(ts);
    if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999)
      return { value: undefined, fix: "timestamps with UTC offsets beyond ±15:59 dropped" };
    return { value: d.toISOString(), fix: "timestamps with UTC offsets beyond ±15:59 converted to UTC" };
  }
  return { value: ts };
}

function fixTimestamps(trace: TTrace, fixes: Set<string>): void {
  const fix = <T extends object>(holder: T, key: keyof T & string): T => {
    const ts = holder[key] as unknown;
    if (typeof ts !== "string") return holder;
    const r = storableTimestamp(ts);
    if (!r.fix) return holder;
    fixes.add(r.fix);
    const copy = { ...holder } as Record<string, unknown>;
    if (r.value === undefined) delete copy[key];
    else copy[key] = r.value;
    return copy as T;
  };
  trace.run = fix(fix(trace.run, "startedAt"), "endedAt");
  let steps: TTrace["steps"] | undefined;
  trace.steps.forEach((s, i) => {
    const fixed = fix(fix(s, "startTime"), "endTime");
    if (fixed !== s) (steps ??= trace.steps.slice())[i] = fixed;
  });
  if (steps) trace.steps = steps;
}

/** Cleaning can map two different names to one ("a\0" and "a\ufffd"); keep them apart. */
function dedupeNames(trace: TTrace, fixes: Set<string>): void {
  const agentNames = uniqueNames(trace.agents.map((a) => a.name));
  const stepIds = uniqueNames(trace.steps.map((s) => s.id));
  if (!agentNames.changed && !stepIds.changed) return;
  fixes.add("names or step ids that became equal after cleaning were given a #n suffix");
  // Positional renames: the n-th agent keeps its n-th new name; references follow the first
  // holder of the old name (the one a reference could unambiguously mean before cleaning).
  const agentMap = firstRename(
    trace.agents.map((a) => a.name),
    agentNames.names,
  );
  const stepMap = firstRename(
    trace.steps.map((s) => s.id),
    stepIds.names,
  );
  trace.agents = trace.agents.map((a, i) => ({ ...a, name: agentNames.names[i] }));
  trace.steps = trace.steps.map((s, i) => ({
    ...s,
    id: stepIds.names[i],
    agent: agentMap.get(s.agent) ?? s.agent,
    ...(s.parentId !== undefined ? { parentId: stepMap.get(s.parentId) ?? s.parentId } : {}),
  }));
  trace.edges = trace.edges.map((e) => ({ ...e, from: stepMap.get(e.from) ?? e.from, to: stepMap.get(e.to) ?? e.to }));
}

function uniqueNames(names: string[]): { names: string[]; changed: boolean } {
  const seen = new Set(names);
  const used = new Set<string>();
  // Next suffix to try per name, so k copies of one name cost O(k), not O(k²).
  const nextSuffix = new Map<string, number>();
  let changed = false;
  const out = names.map((name) => {
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
    changed = true;
    let n = nextSuffix.get(name) ?? 2;
    while (seen.has(`${name}#${n}`) || used.has(`${name}#${n}`)) n++;
    nextSuffix.set(name, n + 1);
    used.add(`${name}#${n}`);
    return `${name}#${n}`;
  });
  return { names: out, changed };
}

function firstRename(before: string[], after: string[]): Map<string, string> {
  const map = new Map<string, string>();
  before.forEach((name, i) => {
    if (!map.has(name)) map.set(name, after[i]);
  });
  return map;
}
