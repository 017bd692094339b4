import { canonicalStep } from "./canonical-order";
import { TRACE_SCHEMA_VERSION, type TAgent, type TLabel, type TStepInput, type TTraceInput } from "../trace/schema";

const NO_NAME = Symbol("no agent yet");

/** Schema limit on agent names and short labels; longer source names are cut, not rejected. */
const MAX_NAME = 256;

/**
 * Accumulates agents, steps, labels and warnings while an importer walks its source, and hands
 * back a `culprit.trace/v1` input object. It owns the invariants every importer needs: each step's
 * agent is registered, step ids are unique, agents keep first-seen order (deterministic output).
 */
export class TraceBuilder {
  readonly steps: TStepInput[] = [];
  readonly labels: TLabel[] = [];
  readonly warnings: string[] = [];
  private readonly agents = new Map<string, TAgent>();
  private readonly stepIds = new Set<string>();
  /** Steps at the end of `steps` whose ids are not in `stepIds` yet. */
  private unindexed = 0;
  /** Raw name of the last `agent` call (a sentinel before the first) and its cleaned form. */
  private lastName: unknown = NO_NAME;
  private lastClean = "";

  /** Registers an agent (idempotent) and returns its normalized name. */
  agent(name: string, extra?: Omit<TAgent, "name">): string {
    // Steps come in runs of the same agent: the last name seen skips trimming and the lookup.
    if (name === this.lastName && extra === undefined) return this.lastClean;
    const clean = cleanName(name);
    this.lastName = name;
    this.lastClean = clean;
    const existing = this.agents.get(clean);
    if (existing) {
      if (extra)
        for (const [k, v] of Object.entries(extra))
          if (v !== undefined && (existing as Record<string, unknown>)[k] === undefined)
            (existing as Record<string, unknown>)[k] = v;
    } else {
      this.agents.set(clean, stripUndefined({ name: clean, ...extra }));
    }
    return clean;
  }

  /**
   * Adds a step; registers its agent and makes its id unique (suffix `#2`, `#3`... with a warning).
   * Returns the stored copy: keys in schema order, no `undefined` values. `idIsUnique` lets a
   * caller that already guarantees unique ids (the span tree does) skip the id set; a wrong claim
   * still cannot reach the user, since validation rejects duplicate ids.
   */
  step(step: TStepInput, idIsUnique = false): TStepInput {
    step.agent = this.agent(step.agent);
    if (idIsUnique) this.unindexed++;
    else {
      const ids = this.stepIdSet();
      let id = step.id;
      if (ids.has(id)) {
        let n = 2;
        while (ids.has(`${step.id}#${n}`)) n++;
        id = `${step.id}#${n}`;
        this.warnings.push(`duplicate step id "${step.id}" renamed to "${id}"`);
      }
      step.id = id;
      ids.add(id);
    }
    if (step.name !== undefined && step.name.length > 1000) step.name = step.name.slice(0, 1000);
    if (step.target !== undefined) step.target = cleanName(step.target);
    const clean = canonicalStep(step);
    this.steps.push(clean);
    return clean;
  }

  hasStep(id: string): boolean {
    return this.stepIdSet().has(id);
  }

  /** The ids of all steps so far (steps added with `idIsUnique` are indexed on first need). */
  private stepIdSet(): Set<string> {
    if (this.unindexed) {
      for (let i = this.steps.length - this.unindexed; i < this.steps.length; i++) this.stepIds.add(this.steps[i].id);
      this.unindexed = 0;
    }
    return this.stepIds;
  }

  hasAgent(name: string): boolean {
    return this.agents.has(cleanName(name));
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  /** The trace input object (not yet validated; `importValue` validates it). */
  build(run: TTraceInput["run"]): TTraceInput {
    return {
      schema: TRACE_SCHEMA_VERSION,
      run: stripUndefined(run),
      agents: [...this.agents.values()],
      steps: this.steps,
      edges: [],
      labels: this.labels,
      warnings: this.warnings,
    };
  }
}

/** Trims and bounds an agent name; empty names become "unknown". */
export function cleanName(name: string): string {
  const trimmed = String(name ?? "").trim();
  return (trimmed || "unknown").slice(0, MAX_NAME);
}

/**
 * Copy without the keys whose value is `undefined`, so output JSON is stable and minimal.
 * Copies rather than `delete`s: deleting keys drops V8 objects into slow dictionary mode.
 */
export function stripUndefined<T extends object>(obj: T): T {
  const out: Record<string, unknown> = {};
  for (const key in obj) {
    const v = (obj as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = v;
  }
  return out as T;
}

/** Renders any JSON-ish value as step text: strings as-is, everything else as compact JSON. */
export function toText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
