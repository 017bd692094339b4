import type { NanoTime } from "../otlp/decoded-span";
import { nano } from "../otlp/collect-spans";
import { isoToNano } from "../iso-time";
import { type PyValue, parsePythonRepr, pyDatetimeToIso } from "../python-repr/parse-python-repr";
import { isRecord } from "../trace-builder";

/**
 * Times of ClickHouse span rows. `Timestamp` is a `DateTime64(9)`: ClickHouse writes it as
 * "2025-03-19 17:12:03.123456789" (UTC unless the server says otherwise), exports built on it as
 * ISO-8601 ("2025-03-19T16:32:08.062589Z"), and `date_time_output_format = 'unix_timestamp'` as
 * epoch seconds ("1742402441.942455000"); a Python client's dump may hold the repr of the
 * `datetime` it read ("datetime.datetime(2025, 6, 20, 21, 37, 8, 604341)"). `Duration` is an integer of nanoseconds in the exporter
 * (quoted, since ClickHouse quotes 64-bit integers in JSON) and an ISO-8601 duration
 * ("PT1M16.020729S") in Patronus' export.
 */
export function rowTime(value: unknown): NanoTime | undefined {
  if (typeof value === "number") return epochNumber(value);
  // A `datetime` a Python repr was read into (see `decodeText`).
  if (isRecord(value)) return isoToNano(pyDatetimeToIso(value as PyValue));
  if (typeof value !== "string" || value === "") return undefined;
  if (isDecimal(value)) return epochText(value);
  if (value.startsWith(PY_DATETIME) && value.length <= 200) return isoToNano(pyDatetimeToIso(parsePythonRepr(value)));
  return isoToNano(value);
}

const PY_DATETIME = "datetime.datetime(";

/** `start` moved on by a row's `Duration`; undefined when either is missing or malformed. */
export function endTime(start: NanoTime | undefined, duration: unknown): NanoTime | undefined {
  if (!start) return undefined;
  const ns = durationNanos(duration);
  if (ns === undefined) return undefined;
  const total = start.subNs + ns;
  const carryMs = Math.floor(total / 1e6);
  return { ms: start.ms + carryMs, subNs: total - carryMs * 1e6 };
}

/** Largest duration read: a year. Longer is a broken row, not a span; its end is left open. */
const MAX_DURATION_NS = 365 * 86_400 * 1e9;

/** Nanoseconds of a `Duration`: an integer (number or digits) or an ISO-8601 duration of days and times. */
export function durationNanos(value: unknown): number | undefined {
  let ns: number | undefined;
  if (typeof value === "number") ns = Number.isFinite(value) ? Math.round(value) : undefined;
  else if (typeof value === "string" && value !== "")
    ns = isDecimal(value) && !value.includes(".") ? Number(value) : isoDurationNanos(value);
  return ns !== undefined && ns >= 0 && ns <= MAX_DURATION_NS ? ns : undefined;
}

const UNIT_NS: Record<string, number> = { W: 604_800e9, D: 86_400e9, H: 3_600e9, M: 60e9, S: 1e9 };

/**
 * "P[nW][nD][T[nH][nM][n.fS]]", read by hand in one pass (no regex over row text). Years and months
 * have no fixed length, so a duration naming them is not read; a fraction is allowed on the last
 * number only, as ISO-8601 says.
 */
function isoDurationNanos(text: string): number | undefined {
  if (text.length > 64 || text[0] !== "P") return undefined;
  let total = 0;
  let inTime = false;
  let seen = false;
  let timeSeen = false;
  let i = 1;
  while (i < text.length) {
    if (text[i] === "T") {
      if (inTime) return undefined;
      inTime = true;
      i++;
      continue;
    }
    const start = i;
    while (i < text.length && ((text[i] >= "0" && text[i] <= "9") || text[i] === ".")) i++;
    const number = text.slice(start, i);
    const unit = text[i++];
    if (number === "" || unit === undefined || !isDecimal(number)) return undefined;
    // "M" is months before the "T" and minutes after it; weeks and days only before it.
    if (inTime ? !"HMS".includes(unit) : !"WD".includes(unit)) return undefined;
    if (number.includes(".") && i !== text.length) return undefined;
    total += unit === "S" ? secondsToNanos(number) : Number(number) * UNIT_NS[unit];
    seen = true;
    timeSeen ||= inTime;
  }
  // "P1DT" is not a duration: a "T" must be followed by a time.
  return seen && inTime === timeSeen ? total : undefined;
}

/** "12.020729" seconds → nanoseconds, the fraction read as digits so it is exact. */
function secondsToNanos(text: string): number {
  const dot = text.indexOf(".");
  if (dot < 0) return Number(text) * 1e9;
  const fraction = text
    .slice(dot + 1)
    .padEnd(9, "0")
    .slice(0, 9);
  return Number(text.slice(0, dot) || "0") * 1e9 + Number(fraction);
}

/** Epoch seconds, milliseconds, microseconds or nanoseconds, told apart by size (all after 1973). */
function epochNumber(value: number): NanoTime | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  if (value < 1e11) return epochText(String(value));
  if (value < 1e14) return nano(value * 1e6);
  if (value < 1e17) return nano(value * 1e3);
  return nano(value);
}

function epochText(text: string): NanoTime | undefined {
  const dot = text.indexOf(".");
  if (dot < 0 && text.length > 11) return nano(scaleToNanos(text));
  const whole = dot < 0 ? text : text.slice(0, dot);
  const fraction = (dot < 0 ? "" : text.slice(dot + 1)).padEnd(9, "0").slice(0, 9);
  const seconds = Number(whole || "0");
  if (!(seconds > 0 && seconds < 1e11)) return undefined;
  return { ms: seconds * 1000 + Number(fraction.slice(0, 3)), subNs: Number(fraction.slice(3)) };
}

/** An integer epoch written as digits, in nanoseconds as digits (exact beyond 2^53). */
function scaleToNanos(digits: string): string {
  if (digits.length <= 14) return `${digits}000000`; // milliseconds
  if (digits.length <= 17) return `${digits}000`; // microseconds
  return digits;
}

function isDecimal(text: string): boolean {
  let dots = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) dots++;
    else if (c < 48 || c > 57) return false;
  }
  return dots <= 1 && text !== ".";
}
