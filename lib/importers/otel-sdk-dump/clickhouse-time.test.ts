import { describe, expect, it } from "vitest";
import { durationNanos, endTime, rowTime } from "./clickhouse-time";

describe("times of ClickHouse span rows", () => {
  it("read a DateTime64 as ClickHouse writes it, as ISO-8601, and as epoch numbers, keeping nanoseconds", () => {
    const at = Date.UTC(2025, 2, 19, 17, 12, 3, 123);
    expect(rowTime("2025-03-19 17:12:03.123456789")).toEqual({ ms: at, subNs: 456_789 });
    expect(rowTime("2025-03-19T17:12:03.123456Z")).toEqual({ ms: at, subNs: 456_000 });
    expect(rowTime("1742404323.123456789")).toEqual({ ms: at, subNs: 456_789 }); // unix_timestamp output
    expect(rowTime(at)).toEqual({ ms: at, subNs: 0 }); // milliseconds
    expect(rowTime("1742404323123456789")).toEqual({ ms: at, subNs: 456_789 }); // nanoseconds, as digits
    expect(rowTime("datetime.datetime(2025, 3, 19, 17, 12, 3, 123456)")).toEqual({ ms: at, subNs: 0 });
    for (const bad of ["", "soon", "0", null, undefined, -5]) expect(rowTime(bad), String(bad)).toBeUndefined();
  });

  it("read a Duration as nanoseconds (number or quoted) or as an ISO-8601 duration of days and times", () => {
    expect(durationNanos(1_459_444_226)).toBe(1_459_444_226);
    expect(durationNanos("1459444226")).toBe(1_459_444_226);
    expect(durationNanos("PT1M16.020729S")).toBe(76_020_729_000);
    expect(durationNanos("PT0.000047S")).toBe(47_000);
    expect(durationNanos("P1DT2H3M4S")).toBe(((24 + 2) * 3600 + 3 * 60 + 4) * 1e9);
    expect(durationNanos("P2W")).toBe(14 * 86_400e9);
    // Years and months have no fixed length; a fraction only on the last number; units in their place.
    for (const bad of ["P1Y", "P1M", "PT1.5M2S", "PT", "P", "1M", "PT1X", "PT1H2D", "P1DT", "PT-1S", "12.5", "x"])
      expect(durationNanos(bad), bad).toBeUndefined();
    expect(durationNanos(400 * 86_400e9)).toBeUndefined(); // longer than a year: a broken row
  });

  it("end a span at its start plus its duration, carrying nanoseconds into milliseconds", () => {
    expect(endTime({ ms: 1000, subNs: 999_999 }, "1")).toEqual({ ms: 1001, subNs: 0 });
    expect(endTime({ ms: 1000, subNs: 500_000 }, "PT1.0015S")).toEqual({ ms: 2002, subNs: 0 });
    expect(endTime(undefined, "PT1S")).toBeUndefined();
    expect(endTime({ ms: 1000, subNs: 0 }, "later")).toBeUndefined();
  });
});
