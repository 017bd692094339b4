import { describe, expect, it } from "vitest";
import { isCalendarPiece } from "./calendar-piece";
import { extractClaims } from "./extract-claims";

const numbers = (text: string) =>
  extractClaims(text)
    .filter((c) => c.kind === "number")
    .map((c) => c.value);

describe("times of day and days of the month are not quantities", () => {
  it("drops the pieces of a clock time and of a date without a year, not the quantities beside them", () => {
    expect(numbers("The ferry leaves at 06:45 and docks at 9:05:30.")).toEqual([]);
    expect(numbers("Check-in opens on October 14 and closes Oct. 16th.")).toEqual([]);
    expect(numbers("We hike on the 3rd of May, then rest 4–5 June.")).toEqual([]);
    expect(numbers("Boarding: Sep 2 – 7, gate closes 21:10.")).toEqual([]);
    expect(numbers("Arrive July\u00a018, leave July\u00a021\u201122.")).toEqual([]);
    // Quantities beside a time or a month stay claims.
    expect(numbers("The ferry costs 45 dollars and carries 312 cars.")).toEqual(["n:45", "n:312"]);
    expect(numbers("In May 48 hikers registered; odds were 3:1.")).toEqual(["n:48", "n:3", "n:1"]);
    expect(numbers("The March total is 2,940 and ran 90 days.")).toEqual(["n:2940", "n:90"]);
    expect(numbers("Ratio 16:9 screens, 120:45 gear.")).toContain("n:120");
    expect(numbers("Depart 08:15 with 35 passengers, June 40 % full.")).toEqual(["n:35", "n:40"]);
  });

  it("reads a piece only inside its window", () => {
    const text = "Depart 08:15 with 35 passengers";
    const at = (v: string) => text.indexOf(v);
    expect(isCalendarPiece(text, at("08"), at("08") + 2)).toBe(true);
    expect(isCalendarPiece(text, at("15"), at("15") + 2)).toBe(true);
    expect(isCalendarPiece(text, at("35"), at("35") + 2)).toBe(false);
  });
});
