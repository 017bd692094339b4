/**
 * The facts of one run (entities, the true value of each measure per entity and scope, dates,
 * people, flags, picks) and how tools print them: JSON, prose or a one-row table. Also the agent
 * names: role words half the time, names that say nothing about the role the other half.
 */
import { ALT_DOMAINS, type AltDomain, type Measure } from "./domains";
import type { AltRng } from "./rng";
import { drawDate, drawNumber, grouped, isoDate, plain, type DateValue } from "./values";

const NEUTRAL = [
  "Ash",
  "Birch",
  "Cobalt",
  "Dune",
  "Ember",
  "Fjord",
  "Garnet",
  "Heron",
  "Indigo",
  "Juniper",
  "Kestrel",
  "Lumen",
  "Moraine",
  "Nettle",
  "Opal",
  "Pike",
  "Quartz",
  "Rook",
  "Sorrel",
  "Tarn",
  "Umbra",
  "Vale",
  "Wren",
  "Yew",
  "agent_3",
  "agent_7",
  "node_b",
  "node_d",
  "unit-12",
  "unit-40",
];

/** Role words per role slot; any of them may appear, never one that names another slot. */
const ROLE_WORDS: Record<string, readonly string[]> = {
  gatherer: ["Researcher", "DataFetcher", "Scout", "lookup_agent"],
  calculator: ["Analyst", "Calculator", "NumberCruncher", "math_agent"],
  writer: ["Writer", "Reporter", "Responder", "answer_agent"],
  reviewer: ["Reviewer", "Checker", "QA", "critic_agent"],
  manager: ["Manager", "Coordinator", "Lead", "planner_agent"],
  worker: ["Worker", "Assistant", "Helper", "Operator"],
  debater: ["Debater", "Advocate", "Panelist", "Proponent"],
  judge: ["Judge", "Arbiter", "Moderator", "Referee"],
  proposer: ["Proposer", "Drafter", "Author", "Solver"],
};
const RUNNERS = ["executor", "sandbox", "ToolRunner", "code_runner", "Terminal"];
const TASK_GIVERS = ["user", "client", "requester"];

export class World {
  readonly domain: AltDomain;
  readonly measure: Measure;
  readonly entities: string[];
  readonly scope: string;
  /** The scope a lookup falls back to when none is given. */
  readonly defaultScope: string;
  readonly runner: string;
  readonly taskGiver: string;
  private readonly numbers = new Map<string, number>();
  private readonly neutral: boolean;
  private readonly used = new Set<string>();
  private readonly names: string[];

  constructor(
    private readonly rng: AltRng,
    entityCount: number,
  ) {
    this.domain = rng.one(ALT_DOMAINS);
    // Sums of percentages mean nothing: totals are over counts, money and measures.
    this.measure = rng.one(this.domain.measures.filter((m) => m.kind !== "percent"));
    this.entities = rng.mix(this.domain.entities).slice(0, entityCount);
    const scopes = rng.mix(this.domain.scopes);
    this.scope = scopes[0];
    this.defaultScope = scopes[1];
    this.neutral = rng.coin();
    this.names = rng.mix(NEUTRAL);
    this.runner = rng.one(RUNNERS);
    this.taskGiver = rng.one(TASK_GIVERS);
  }

  /** A fresh agent name for a role slot. */
  agent(slot: string): string {
    const pool = this.neutral ? this.names : this.rng.mix(ROLE_WORDS[slot] ?? ROLE_WORDS.worker);
    for (const name of pool) {
      if (this.used.has(name)) continue;
      this.used.add(name);
      return name;
    }
    const name = `${slot}_${this.used.size + 1}`;
    this.used.add(name);
    return name;
  }

  value(entity: string, scope = this.scope, m: Measure = this.measure): number {
    const key = `${entity}|${scope}|${m.field}`;
    let v = this.numbers.get(key);
    if (v === undefined) {
      v = drawNumber(this.rng, m);
      this.numbers.set(key, v);
    }
    return v;
  }

  rateValue(entity: string): number {
    const key = `${entity}|rate`;
    let v = this.numbers.get(key);
    if (v === undefined) {
      v = drawNumber(this.rng, this.domain.rate);
      this.numbers.set(key, v);
    }
    return v;
  }

  date(): DateValue {
    return drawDate(this.rng);
  }

  /** A lookup's output for a measure of an entity in a scope, in one of three layouts. */
  measureOutput(entity: string, scope: string, m: Measure = this.measure): string {
    const v = this.value(entity, scope, m);
    const style = this.rng.between(0, 2);
    if (style === 0)
      return JSON.stringify({ entity, period: scope, [m.field]: Number(plain(v, m.decimals)), unit: m.unit });
    if (style === 1) return `${entity}, ${scope}: ${m.label} = ${grouped(v, m.decimals)} ${m.unit}.`;
    return `entity | period | ${m.field}\n${entity} | ${scope} | ${plain(v, m.decimals)}`;
  }

  rateOutput(entity: string): string {
    const r = this.domain.rate;
    const v = this.rateValue(entity);
    return this.rng.coin()
      ? JSON.stringify({ entity, [r.field]: Number(plain(v, r.decimals)), currency: r.unit })
      : `${r.label} at ${entity}: ${plain(v, r.decimals)} ${r.unit}`;
  }

  /** A registry record for an entity's non-numeric facts. */
  registryOutput(entity: string, field: string, value: string | boolean): string {
    return this.rng.coin()
      ? JSON.stringify({ entity, [field]: value })
      : `Record ${entity}\n  ${field}: ${typeof value === "boolean" ? (value ? "yes" : "no") : value}`;
  }

  isoOf(d: DateValue): string {
    return isoDate(d);
  }
}
