import { describe, expect, it } from "vitest";
import { formatDuration } from "./numbers";

describe("formatDuration", () => {
  it("picks a unit by size and shows a dash without both times", () => {
    const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
    expect(formatDuration(at(0), at(850))).toBe("850 ms");
    expect(formatDuration(at(0), at(12_340))).toBe("12.3 s");
    expect(formatDuration(at(0), at(252_500))).toBe("4 min 12 s");
    expect(formatDuration(at(0), at(7_500_000))).toBe("2 h 5 min");
    expect(formatDuration(null, at(1))).toBe("—");
    expect(formatDuration(at(5), at(1))).toBe("—");
  });
});
