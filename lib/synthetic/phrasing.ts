/**
 * Message templates, several per act, drawn per message. Values are passed in already formatted,
 * so one run may write 2996 in one message and 2,996 in the next (a paraphrase, not an error).
 */
import type { Rng } from "./prng";

export interface Item {
  entity: string;
  value: string;
}

const list = (xs: readonly string[]) =>
  xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`;

/** A number as people write it: plain (2996) or with a thousands separator (2,996; not locale-dependent). */
export function formatNumber(rng: Rng, v: number): string {
  return v >= 1000 && rng.chance(0.4) ? String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : String(v);
}

export function taskText(rng: Rng, metric: string, unit: string, entities: readonly string[], year: number): string {
  return rng.pick([
    () => `What was the total ${metric} of ${list(entities)} in ${year}? Answer in ${unit}.`,
    () => `Compute the combined ${metric} (${unit}) for ${list(entities)} for the year ${year}.`,
    () => `I need the sum of ${metric} across ${entities.join(", ")} - ${year} figures only, in ${unit}.`,
    () => `Report the aggregate ${year} ${metric} of these: ${entities.join("; ")}. Unit: ${unit}.`,
  ])();
}

/** An instruction to look values up; `year` undefined means the constraint was dropped. */
export function lookupInstruction(
  rng: Rng,
  who: string,
  metric: string,
  entities: readonly string[],
  year: number | undefined,
): string {
  const when = year === undefined ? "" : ` for ${year}`;
  return rng.pick([
    () => `${who}: look up the ${metric} of ${list(entities)}${when}.`,
    () => `${who}, please fetch ${metric}${when} - ${entities.join(", ")}.`,
    () => `Task for ${who}: retrieve ${metric} figures${when} for ${list(entities)} and report them back.`,
    () => `Assigning ${who} to find ${list(entities)} ${metric}${when}.`,
  ])();
}

export function planText(
  rng: Rng,
  names: { researcher: string; analyst: string; writer: string },
  metric: string,
  entities: readonly string[],
  year: number | undefined,
): string {
  const when = year === undefined ? "" : ` for ${year}`;
  return rng.pick([
    () =>
      `Plan:\n1. ${names.researcher} looks up ${metric}${when} for ${list(entities)}.\n2. ${names.analyst} adds the figures.\n3. ${names.writer} writes the answer.`,
    () =>
      `Steps - fetch ${metric}${when} (${entities.join(", ")}) -> sum -> answer. ${names.researcher}, ${names.analyst}, ${names.writer} in that order.`,
    () =>
      `First ${names.researcher} gathers the ${metric} numbers${when}; then ${names.analyst} totals them; ${names.writer} reports.`,
  ])();
}

export function valuesReport(
  rng: Rng,
  metric: string,
  unit: string,
  items: readonly Item[],
  year: number | undefined,
  source: string,
): string {
  const when = year === undefined ? "" : ` (${year})`;
  return rng.pick([
    () => `According to the ${source}, ${items.map((i) => `${i.entity}: ${i.value}`).join(", ")} ${unit}${when}.`,
    () =>
      `${metric[0].toUpperCase()}${metric.slice(1)}${when}:\n${items.map((i) => `- ${i.entity}: ${i.value} ${unit}`).join("\n")}`,
    () => `Found them. ${items.map((i) => `${i.entity} reported ${i.value}`).join("; ")} (${unit}).`,
    () => `Lookup complete${when}. ${items.map((i) => `${i.entity} = ${i.value}`).join(", ")}.`,
  ])();
}

export function sumText(rng: Rng, parts: readonly string[], total: string, unit: string): string {
  const expr = parts.join(" + ");
  return rng.pick([
    () => `${expr} = ${total}`,
    () => `Adding them: ${expr} = ${total} ${unit}.`,
    () => `Combined total is ${total} ${unit} (${expr}).`,
    () => `Sum: ${total}. Working: ${expr}.`,
  ])();
}

export function finalText(rng: Rng, metric: string, unit: string, total: string, year: number): string {
  return rng.pick([
    () => `Final answer: ${total} ${unit}.`,
    () => `The combined ${metric} in ${year} was ${total} ${unit}.`,
    () => `Answer - ${total} ${unit} in total.`,
    () => `Total ${metric} (${year}): ${total} ${unit}.`,
  ])();
}

/**
 * A reviewer's approval. Two of the six restate no value ("Looks good to me, approved."): such an
 * approval passes on a wrong value without writing it, and must read as a missed check, never as
 * the value's origin. One draw either way, so the rest of a suite's random stream is unchanged.
 */
export function approvalText(rng: Rng, total: string): string {
  return rng.pick([
    () => `Approved. The total of ${total} is consistent with the figures provided.`,
    () => `LGTM - ${total} checks out.`,
    () => `Review passed: numbers add up, ${total} can be released.`,
    () => `Verified ✓ ${total}. No issues found.`,
    () => "Looks good to me, approved. Please publish.",
    () => "Reviewed the summary above: no issues found, OK to release.",
  ])();
}

export function voteText(rng: Rng, total: string, unit: string): string {
  return rng.pick([
    () => `My answer: ${total} ${unit}.`,
    () => `I get ${total}.`,
    () => `Vote: ${total} (${unit}).`,
    () => `After summing the figures I arrive at ${total} ${unit}.`,
  ])();
}

export function tallyText(rng: Rng, votes: readonly string[], winner: string, count: number): string {
  return rng.pick([
    () => `Votes: ${votes.join(", ")}. Majority (${count} of ${votes.length}): ${winner}.`,
    () => `Tally -> ${winner} wins with ${count}/${votes.length} votes.`,
    () => `Collected ${votes.length} answers (${votes.join(" | ")}); consensus is ${winner}.`,
  ])();
}

export function storedNote(rng: Rng, entity: string, key: string): string {
  return rng.pick([
    () => `Stored the figure for ${entity} under ${key}.`,
    () => `${entity} saved to shared memory (${key}).`,
    () => `Done - ${key} written.`,
  ])();
}

export function toolErrorAck(rng: Rng, tool: string): string {
  return rng.pick([
    () => `${tool} failed, retrying once.`,
    () => `Transient error from ${tool}; trying again.`,
    () => `Retrying ${tool} after an error.`,
  ])();
}

/** What an agent says when it pretends a failed lookup worked. */
export function falseSuccessText(rng: Rng, entity: string, value: string, unit: string): string {
  return rng.pick([
    () => `Retrieved successfully: ${entity} ${value} ${unit}.`,
    () => `Lookup OK. ${entity}: ${value}.`,
    () => `Got it - ${entity} comes to ${value} ${unit}.`,
  ])();
}

/**
 * What an agent says when it states a value it never looked up. Half the wordings hedge, half read
 * exactly like an honest report: a fabrication is told by its missing source, not by its words.
 */
export function fabricatedText(rng: Rng, entity: string, value: string, unit: string): string {
  return rng.pick([
    () => `${entity} is ${value} ${unit}, as is widely reported.`,
    () => `From what I know, ${entity} had ${value}.`,
    () => `${entity}: ${value} ${unit} (no lookup needed, this is well known).`,
    () => `${entity}: ${value} ${unit}.`,
    () => `${entity} reported ${value}.`,
    () => `${entity} = ${value}.`,
  ])();
}
