/**
 * A bound of the task that the answer breaks: the task asks for something "under $500", "at least
 * 16 GB", "no more than 3 hours", and the final answer states a value in the same unit on the wrong
 * side of it. The fault lies with whoever handed the work on without the bound (an instruction to the
 * agent that chose the value, which does not carry the bound's number), else with the agent that
 * chose the value although its instruction kept the bound. A bound is recognised by shape alone: a
 * comparison word, a number and its unit (a currency sign or the word after the number); a final
 * answer in another unit, or without one, is never read against it.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import { normalizeNumber } from "../text-features";
import type { ClaimFinding } from "./claim-findings";
import { taskText } from "./task-text";
import { delegationFor } from "./delegation-for";
import { allMatches } from "../all-matches";

const SCORE = 0.7;
/** Text read per step for bounded values: an answer states its figures early. */
const SCAN = 4000;
/** Bounds read from the task: a task states a handful. */
const MAX_BOUNDS = 4;

const AT_MOST = "under|below|less than|cheaper than|at most|no more than|up to|within|max(?:imum)?(?: of)?";
const AT_LEAST = "over|above|more than|at least|no less than|greater than|min(?:imum)?(?: of)?";
const BOUND_RE = new RegExp(
  `\\b(${AT_MOST}|${AT_LEAST})\\s+([$€£])?\\s?(\\d[\\d,]*(?:\\.\\d+)?)\\s?([a-z]{1,12})?`,
  "gi",
);
const AT_MOST_RE = new RegExp(`^(?:${AT_MOST})$`, "i");

interface Bound {
  /** The words of the task ("under $500"). */
  raw: string;
  max: boolean;
  value: number;
  /** A currency sign or a unit word, lower case. */
  unit: string;
  /** The bound's number as written in text that keeps it ("500"). */
  digits: string;
}

function taskBounds(task: string): Bound[] {
  const out: Bound[] = [];
  for (const m of allMatches(BOUND_RE, task)) {
    const unit = (m[2] ?? m[4] ?? "").toLowerCase();
    if (!unit) continue;
    const digits = normalizeNumber(m[3]);
    out.push({ raw: m[0].trim(), max: AT_MOST_RE.test(m[1]), value: Number(digits), unit, digits });
    if (out.length >= MAX_BOUNDS) break;
  }
  return out;
}

/** The values a text states in the bound's unit ("$799", "8 GB"), as written. */
function valuesIn(text: string, b: Bound): { raw: string; value: number }[] {
  const scan = text.length > SCAN ? text.slice(0, SCAN) : text;
  const re = /^[$€£]$/.test(b.unit)
    ? new RegExp(`\\${b.unit}\\s?(\\d[\\d,]*(?:\\.\\d+)?)`, "g")
    : new RegExp(`(?<![\\w.])(\\d[\\d,]*(?:\\.\\d+)?)\\s?${b.unit}\\b`, "gi");
  return [...allMatches(re, scan)].map((m) => ({ raw: m[0], value: Number(normalizeNumber(m[1])) }));
}

const breaks = (b: Bound, x: number) => (b.max ? x > b.value : x < b.value);

/**
 * The step that put the breaking value forward first: an agent's own step before the answer, or the
 * answer. Only steps whose numbers hold the value are read (one array lookup for the rest).
 */
function chooser(g: EngineGraph, raw: string, value: string, answer: number): number {
  for (let v = 0; v < answer; v++)
    if (
      g.features[v].allNumbers.includes(value) &&
      isAgentUtterance(g, v) &&
      stepText(g.steps[v]).slice(0, SCAN).includes(raw)
    )
      return v;
  return answer;
}

export function findDroppedBounds(g: EngineGraph): ClaimFinding[] {
  const bounds = taskBounds(taskText(g));
  if (!bounds.length || g.sink < 0) return [];
  const out: ClaimFinding[] = [];
  const answer = stepText(g.steps[g.sink]);
  for (const b of bounds) {
    const broken = valuesIn(answer, b).find((x) => breaks(b, x.value));
    if (!broken) continue;
    const value = normalizeNumber(String(broken.value));
    const v = chooser(g, broken.raw, value, g.sink);
    const u = delegationFor(g, v);
    const instruction = u >= 0 ? stepText(g.steps[u]) : "";
    const kept = u >= 0 && instruction.replace(/,/g, "").includes(b.digits);
    const at = u >= 0 && !kept ? u : v;
    const agent = g.steps[v].agent;
    out.push({
      step: at,
      name: "dropped-constraint",
      score: SCORE,
      value: `n:${value}`,
      quote: at === v ? broken.raw : instruction.slice(0, 160),
      against: at === v ? -1 : v,
      reachesAnswer: true,
      note:
        at === v
          ? `puts forward ${broken.raw} although the task asks for ${b.raw}`
          : `hands the work to ${agent} without the task's "${b.raw}"; ${agent} then put forward ${broken.raw} (${g.steps[v].id})`,
    });
  }
  return out;
}
