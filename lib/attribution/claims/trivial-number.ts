import type { Claim } from "./extract-claims";

/**
 * Small integers are list markers and counts far more often than facts (see ungrounded-values). A
 * small number written in prose with a fractional part (4.81 mm, 0.65, 2.00) is a measurement, never a
 * marker or a count, so it is checked like any other value; in code small decimals stay trivial:
 * thresholds, weights and step sizes are constants of the method, not claims.
 */
export const isTrivialNumber = (c: Claim) =>
  c.kind === "number" &&
  c.unit === "" &&
  Math.abs(c.num ?? 0) <= 10 &&
  ((Number.isInteger(c.num ?? 0) && !c.raw.includes(".")) || c.inCode === true);
