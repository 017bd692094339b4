/**
 * A value read from the wrong field: the step states a number that the output it read gives under one
 * label, and the words just before the number name another label of that same output, not the
 * value's own ("Reserved units: 95" after `{"reserved": 310, "in_transit": 95}`). The number is in the
 * output, so provenance calls it sourced; what the step says it is, the output contradicts.
 */
import type { Claim } from "./extract-claims";
import type { Provenance } from "./provenance";

export interface SwappedLabel {
  /** The label the step's clause names, the value the output gives under it, and the value's own label. */
  named: string;
  namedRaw: string;
  own: string;
}

const MAX_CLAUSE = 200;
/** Labelled numbers an output may hold for a swap to be told from a coincidence. */
const MAX_FIELDS = 8;
/** Characters before a number read for the label it is stated under. */
const LABEL_CHARS = 40;
const labelWords = (key: string) => key.split(/\s+/).filter((w) => w.length >= 3);

/** The clause around [start, end): up to the nearest sentence or clause break on either side. */
function clauseAround(text: string, start: number, end: number): string {
  let a = start;
  while (a > 0 && start - a < MAX_CLAUSE && !/[.;\n!?]/.test(text[a - 1])) a--;
  let b = end;
  while (b < text.length && b - end < MAX_CLAUSE && !/[.;\n!?]/.test(text[b])) b++;
  return text.slice(a, b).toLowerCase();
}

/** Up to LABEL_CHARS characters before `at`, within its clause. */
function clauseBefore(text: string, at: number): string {
  let a = at;
  while (a > 0 && at - a < LABEL_CHARS && !/[.;\n!?,]/.test(text[a - 1])) a--;
  return text.slice(a, at).toLowerCase();
}

export function swappedLabel(prov: Provenance, text: string, c: Claim, from: number, v: number): SwappedLabel | null {
  // The value must have this one source: stated by any other step before, it may come from there,
  // unless that step's author has since withdrawn it (retracted-values.ts).
  for (const u of prov.stepsOf.get(c.value) ?? []) {
    if (u >= v) break;
    if (u !== from && prov.withdrawal(c.value, u, v) < 0) return null;
  }
  const observed = prov.claims[from]?.observed ?? [];
  const labelled = observed.filter((o) => o.kind === "number" && o.key);
  // A record of a few fields, where the value sits under one label only: in a long listing a number
  // recurs under unrelated labels by coincidence.
  if (labelled.length > MAX_FIELDS) return null;
  const own = labelled.filter((o) => o.value === c.value);
  if (own.length !== 1 || observed.filter((o) => o.value === c.value).length !== 1) return null;
  // The label a number is stated under is written just before it ("Reserved units for A-17: 95").
  const before = clauseBefore(text, c.start);
  const words = new Set(before.match(/[a-z][a-z0-9]*/g) ?? []);
  const names = (key: string) => {
    const w = labelWords(key);
    return w.length > 0 && w.every((x) => words.has(x));
  };
  if (own.some((o) => names(o.key))) return null;
  // A clause that also states another value of the output ("630 of 840 were resolved") pairs labels and values itself.
  const clause = clauseAround(text, c.start, c.end);
  const numbers = new Set((clause.match(/(?<![\w.-])\d[\d,]*(?:\.\d+)?/g) ?? []).map((x) => x.replace(/,/g, "")));
  if (labelled.some((o) => o.value !== c.value && numbers.has(o.value.slice(2)))) return null;
  const ownWords = labelWords(own[0].key);
  for (const o of labelled)
    if (o.value !== c.value && names(o.key) && !labelWords(o.key).some((w) => ownWords.includes(w)))
      return { named: o.key, namedRaw: o.raw, own: own[0].key };
  return null;
}
