import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../index";
import { calendarOnlyNumbers, isCalendarPiece, isDateStamp } from "./calendar-piece";
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

  it("reads the minutes of a time with seconds as a minute, past 23 too", () => {
    expect(numbers("Created on 2023-11-02 at 07:48:26, as logged.")).toEqual([]);
    expect(numbers("It left at 18:37:05 sharp.")).toEqual([]);
    // Near misses: a leading group past 23 is no hour, nor minutes past 59; a quantity stays one.
    expect(numbers("Mixed 48:26:11 by weight.")).toContain("n:48");
    expect(numbers("Log 07:75:26 is no time.")).toContain("n:75");
    expect(numbers("Mix 14:48 by weight, 48 cans.")).toContain("n:48");
  });
});

describe("the hour and minute of a time are no invented values", () => {
  const step = (content: string) =>
    analyzeTrace(
      ZTrace.parse({
        schema: "culprit.trace/v1",
        run: { outcome: "failure", task: "A ferry leaves at 9:40 and sails 2 hours 35 minutes. When does it dock?" },
        agents: [{ name: "Planner" }],
        steps: [{ id: "s0", agent: "Planner", kind: "message", content }],
        edges: [],
      }),
    ).steps[0].detectors.map((d) => d.name);

  it("flags no time of day a step computes, only a quantity nothing supports", () => {
    const invented = ["ungrounded-value", "unsourced-value"];
    expect(step("9:40 plus 2 hours 35 minutes: it docks at 12:15.").filter((d) => invented.includes(d))).toEqual([]);
    expect(step("It docks at 12:15, with 480 passengers aboard.").filter((d) => invented.includes(d))).not.toEqual([]);
    // The same digits written as a quantity elsewhere are read as one.
    expect(calendarOnlyNumbers("Docks at 12:15; 15 cars and 12 vans.")).toEqual(new Set());
    expect(calendarOnlyNumbers("Docks at 12:15 on June 24.")).toEqual(new Set(["12", "15", "24"]));
  });
});

describe("a date stamped as one run of digits", () => {
  it("is a day, not a quantity: an archive's timestamp in a call", () => {
    expect(numbers('wayback(url="example.org", timestamp="20191130")')).toEqual([]);
    expect(numbers("snapshot 20180615000000 of the page")).toEqual([]);
    expect(calendarOnlyNumbers("closest to 20191130, then 20170615")).toEqual(new Set(["20191130", "20170615"]));
  });

  it("near miss: a month past 12, a day 0, a clock past 23, another year, or a count with commas is not one", () => {
    expect(isDateStamp("20191331")).toBe(false);
    expect(isDateStamp("20191100")).toBe(false);
    expect(isDateStamp("20191130250000")).toBe(false);
    expect(isDateStamp("33149000")).toBe(false);
    expect(numbers("The census counted 20,221,231 people")).toEqual(["n:20221231"]);
  });
});
