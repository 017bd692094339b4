/**
 * Moves every topology makes: look a measure up (failing, failing then recovering, or right),
 * report values, add them up, answer, approve; and single-fact questions (a date, a person, a
 * yes/no property, a pick from a list, a percentage or a measure) with their right and wrong forms.
 */
import type { Measure } from "./domains";
import * as P from "./phrasing";
import type { Scene } from "./scene";
import { grouped, otherOption, plain, roundTo, spoken, wrongDate, wrongNumber, writtenDate } from "./values";
import type { World } from "./world";

export interface Lookup {
  /** The step holding the output the agent read (the error's, when the lookup failed for good). */
  output: string;
  ok: boolean;
  value: number;
}

/** A measure lookup; `fail` ends in an error, `recover` fails once then succeeds (a distractor). */
export function lookupMeasure(
  s: Scene,
  w: World,
  agent: string,
  entity: string,
  opts: { scope?: string | null; fail?: boolean; recover?: boolean; reads?: string[]; measure?: Measure } = {},
): Lookup {
  const { rng } = s;
  const m = opts.measure ?? w.measure;
  const tool = w.domain.tools.lookup;
  const scope = opts.scope === null ? undefined : (opts.scope ?? w.scope);
  const args: Record<string, unknown> = scope ? { entity, period: scope } : { entity };
  const preface = P.say(rng, P.GO_LOOKUP, { entity, tool });
  if (opts.fail || opts.recover) {
    const err = s.useTool(agent, tool, args, rng.one(P.TOOL_ERRORS), { preface, error: true, reads: opts.reads });
    if (opts.fail) return { output: err.output, ok: false, value: Number.NaN };
  }
  const used = scope ?? w.defaultScope;
  const out = s.useTool(agent, tool, args, w.measureOutput(entity, used, m), {
    preface: opts.recover ? "Retrying." : preface,
    reads: opts.fail || opts.recover ? undefined : opts.reads,
  });
  return { output: out.output, ok: true, value: w.value(entity, used, m) };
}

export function valueText(s: Scene, m: Measure, x: number): string {
  return spoken(s.rng, x, m);
}

/** One report of several entity values, one phrasing per line or run together. */
export function reportText(s: Scene, w: World, items: { entity: string; value: number }[]): string {
  const lines = items.map((it) =>
    P.say(s.rng, P.REPORT_VALUE, {
      entity: it.entity,
      label: w.measure.label,
      value: valueText(s, w.measure, it.value),
    }),
  );
  const aside = s.rng.one(P.ASIDES);
  return (s.rng.coin() ? lines.join("\n") : lines.join(" ")) + (aside ? `\n${aside}` : "");
}

export function total(w: World, values: number[]): number {
  return roundTo(
    values.reduce((a, b) => a + b, 0),
    w.measure.decimals,
  );
}

export function sumText(s: Scene, w: World, values: number[], stated: number): string {
  const m = w.measure;
  const parts = values.map((v) => grouped(v, m.decimals)).join(" + ");
  return P.say(s.rng, P.SUM, { parts, total: valueText(s, m, stated), label: m.label });
}

export function finalText(s: Scene, label: string, value: string): string {
  return P.say(s.rng, P.FINAL, { value, label });
}

/** An approval; restating ones name the value, bare ones ("LGTM, ship it.") name nothing. */
export function approve(s: Scene, agent: string, value: string, reads: string[], restates: boolean): string {
  const text = restates ? P.say(s.rng, P.APPROVE_RESTATING, { value }) : s.rng.one(P.APPROVE_BARE);
  return s.say(agent, text, reads);
}

/** A single-fact question: its registry lookup, the right and a wrong answer as agents write them. */
export interface FactQuestion {
  ask: string;
  label: string;
  tool: string;
  args: Record<string, unknown>;
  output: string;
  right: string;
  wrong: string;
  /** How a reporter words a value of this fact. */
  report: (value: string) => string;
  /** Whether the fact is a number or date (checkable against its source), else a word answer. */
  numeric: boolean;
}

export function factQuestion(
  s: Scene,
  w: World,
  entity: string,
  kinds: readonly FactKind[] = FACT_KINDS,
): FactQuestion {
  const { rng } = s;
  const d = w.domain;
  const kind = rng.one(kinds);
  const registry = d.tools.registry;
  const base = (label: string, right: string, wrong: string, field: string, raw: string | boolean | number) => ({
    ask: P.say(rng, P.ASK_FACT, { label, entity }),
    label,
    tool: registry,
    args: { entity, field },
    output:
      typeof raw === "number" ? w.measureOutput(entity, w.scope, factMeasure(w)) : w.registryOutput(entity, field, raw),
    right,
    wrong,
    report: (value: string) => P.say(rng, P.REPORT_FACT, { label, entity, value }),
    numeric: false,
  });
  if (kind === "date") {
    const x = w.date();
    const q = base(d.date.label, writtenDate(rng, x), writtenDate(rng, wrongDate(rng, x)), d.date.field, w.isoOf(x));
    return { ...q, numeric: true };
  }
  if (kind === "person") {
    const right = rng.one(d.person.options);
    return base(d.person.label, right, otherOption(rng, d.person.options, right), d.person.field, right);
  }
  if (kind === "pick") {
    const right = rng.one(d.pick.options);
    return base(d.pick.label, right, otherOption(rng, d.pick.options, right), d.pick.field, right);
  }
  if (kind === "flag") {
    const truth = rng.coin();
    const asBool = rng.coin();
    const words = (yes: boolean) => ({
      answer: yes ? "Yes" : "No",
      answer_lower: yes ? "yes" : "no",
      is: yes ? "is" : "is not",
    });
    const flag = d.flag;
    return {
      ...base(
        flag.label,
        truth ? "Yes" : "No",
        truth ? "No" : "Yes",
        flag.field,
        asBool ? truth : truth ? "yes" : "no",
      ),
      ask: P.say(rng, P.ASK_FLAG, { entity, question: flag.question }),
      report: (value: string) =>
        P.say(rng, P.REPORT_FLAG, { entity, question: flag.question, ...words(value === "Yes") }),
    };
  }
  const m = factMeasure(w);
  const x = w.value(entity, w.scope, m);
  const q = base(m.label, spoken(rng, x, m), spoken(rng, wrongNumber(rng, x, m.decimals), m), m.field, x);
  return { ...q, tool: d.tools.lookup, args: { entity, period: w.scope }, numeric: true };
}

export const FACT_KINDS = ["date", "person", "pick", "flag", "number"] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** The measure a single-number question asks about: a percentage when the setting has one. */
function factMeasure(w: World): Measure {
  return w.domain.measures.find((m) => m.kind === "percent") ?? w.domain.measures[w.domain.measures.length - 1];
}

export function plainOf(m: Measure, x: number): string {
  return plain(x, m.decimals);
}
