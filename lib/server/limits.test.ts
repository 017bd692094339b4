import { describe, expect, it } from "vitest";
import { parseConfig } from "./config";
import { analysisDeadlineMs, importDeadlineMs } from "./limits";

describe("deadlines that grow with the input (review H-3, M-2)", () => {
  it("a 3-step run gets 33 s, a 200k-step run 630 s, never past CULPRIT_ANALYSIS_TIMEOUT_SECONDS", () => {
    expect(analysisDeadlineMs(3)).toBe(33_000);
    expect(analysisDeadlineMs(200_000)).toBe(630_000);
    expect(analysisDeadlineMs(10_000_000)).toBe(900_000);
  });

  it("an import gets 10 s plus 1 s per MB, at most CULPRIT_IMPORT_TIMEOUT_SECONDS", () => {
    expect(importDeadlineMs(39 * 1024)).toBe(11_000);
    expect(importDeadlineMs(40 * 1024 * 1024)).toBe(30_000);
  });

  it("workers take two analyses at a time by default", () => {
    expect(parseConfig({}).CULPRIT_WORKER_CONCURRENCY).toBe(2);
  });
});
