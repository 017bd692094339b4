/**
 * Values and their written forms: numbers with units, thousands separators, decimals and percent
 * signs; dates in three notations; and how a value goes wrong (a slip of a digit, a transposition,
 * a plausible but different magnitude, a different date or pick).
 */
import type { Measure } from "./domains";
import type { AltRng } from "./rng";

export function roundTo(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

export function drawNumber(rng: AltRng, m: { lo: number; hi: number; decimals: number }): number {
  return roundTo(m.lo + rng.float() * (m.hi - m.lo), m.decimals);
}

/** Plain digits ("48215", "3.70"): how a program prints a number. */
export function plain(x: number, decimals: number): string {
  return x.toFixed(decimals);
}

/** Thousands separators ("48,215", "1,204.50"). */
export function grouped(x: number, decimals: number): string {
  const [int, frac] = Math.abs(x).toFixed(decimals).split(".");
  const withCommas = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${x < 0 ? "-" : ""}${withCommas}${frac ? `.${frac}` : ""}`;
}

/** A number as a person writes it, with its unit in one of several styles. */
export function spoken(rng: AltRng, x: number, m: Pick<Measure, "kind" | "unit" | "decimals">): string {
  const n = m.decimals === 0 || rng.coin(0.7) ? grouped(x, m.decimals) : plain(x, m.decimals);
  switch (m.kind) {
    case "percent":
      return rng.coin() ? `${plain(x, m.decimals)}%` : `${plain(x, m.decimals)} percent`;
    case "money": {
      const sym: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };
      const s = sym[m.unit];
      return s && rng.coin() ? `${s}${grouped(x, 2)}` : rng.coin() ? `${n} ${m.unit}` : `${m.unit} ${n}`;
    }
    default:
      return `${n} ${m.unit}`;
  }
}

/** A wrong number a model might write for x: a transposed pair of digits, a slipped digit, or a drift. */
export function wrongNumber(rng: AltRng, x: number, decimals: number): number {
  const digits = plain(x, decimals).replace(/[^0-9]/g, "");
  const style = rng.between(0, 2);
  if (style === 0 && digits.length >= 3) {
    const i = rng.between(1, digits.length - 2);
    if (digits[i] !== digits[i + 1]) {
      const swapped = digits.slice(0, i) + digits[i + 1] + digits[i] + digits.slice(i + 2);
      const y = Number(swapped) / 10 ** decimals;
      if (y !== x) return y;
    }
  }
  if (style === 1 && digits.length >= 2) {
    const i = rng.between(0, digits.length - 2);
    const d = (Number(digits[i]) + rng.between(1, 8)) % 10;
    const y = Number(digits.slice(0, i) + String(d === 0 && i === 0 ? 1 : d) + digits.slice(i + 1)) / 10 ** decimals;
    if (y !== x) return y;
  }
  const factor = rng.coin() ? 1 + rng.between(7, 45) / 100 : 1 - rng.between(7, 35) / 100;
  const y = roundTo(x * factor, decimals);
  return y === x ? roundTo(x + 10 ** -decimals * 3, decimals) : y;
}

export interface DateValue {
  y: number;
  m: number;
  d: number;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function drawDate(rng: AltRng): DateValue {
  return { y: rng.between(2024, 2027), m: rng.between(1, 12), d: rng.between(1, 28) };
}

export function isoDate(x: DateValue): string {
  return `${x.y}-${String(x.m).padStart(2, "0")}-${String(x.d).padStart(2, "0")}`;
}

export function writtenDate(rng: AltRng, x: DateValue): string {
  const style = rng.between(0, 2);
  if (style === 0) return isoDate(x);
  if (style === 1) return `${x.d} ${MONTHS[x.m - 1]} ${x.y}`;
  return `${MONTHS[x.m - 1]} ${x.d}, ${x.y}`;
}

export function wrongDate(rng: AltRng, x: DateValue): DateValue {
  if (rng.coin()) return { ...x, d: x.d <= 14 ? x.d + rng.between(3, 13) : x.d - rng.between(3, 13) };
  return { ...x, m: (x.m % 12) + 1 };
}

/** Another option than `right` from a list. */
export function otherOption(rng: AltRng, options: readonly string[], right: string): string {
  return rng.one(options.filter((o) => o !== right));
}
