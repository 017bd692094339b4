import { describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { run } from "./main";
import { culpritUpstreamVictimLast } from "../attribution/test-graphs";
import { ZCliReportLine, ZCliErrorLine } from "../attribution/report-schema";

describe("culprit analyze", () => {
  it("prints one JSON line per file, reports bad files and exits non-zero", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "culprit-cli-"));
    writeFileSync(path.join(dir, "a.json"), JSON.stringify(culpritUpstreamVictimLast()));
    writeFileSync(path.join(dir, "b.json"), "{broken");
    const lines: string[] = [];
    const code = run(["analyze", dir, "--json"], (l) => lines.push(l), (l) => lines.push(l));
    expect(code).toBe(1);
    const [a, b] = lines.map((l) => JSON.parse(l));
    expect(a).toMatchObject({ ok: true, format: "culprit", decisive: { agent: "planner", sourceRef: "0" } });
    expect(a.agents[0]).toMatchObject({ agent: "planner", role: "culprit" });
    expect(b).toMatchObject({ ok: false });
    expect(b.error).toMatch(/Malformed JSON.*line 1/);
  });

  it("every --json line validates against the report schema (/schema/report-v1.json)", () => {
    const lines: string[] = [];
    const fixtures = path.join(process.cwd(), "lib/importers/fixtures");
    const demos = path.join(process.cwd(), "public/demo");
    run(["analyze", fixtures, demos, "--json"], (l) => lines.push(l), (l) => lines.push(l));
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const line of lines) {
      const record = JSON.parse(line);
      const parsed = record.ok ? ZCliReportLine.safeParse(record) : ZCliErrorLine.safeParse(record);
      expect(parsed.success, `${record.file}: ${parsed.success ? "" : parsed.error.message}`).toBe(true);
      if (record.ok) expect(record.schemaVersion).toBe("culprit.report/v1");
    }
  });

  it("rejects unknown formats with a clear message", () => {
    const errs: string[] = [];
    expect(run(["analyze", "x.json", "--format", "nope"], () => {}, (l) => errs.push(l))).toBe(2);
    expect(errs[0]).toMatch(/Unknown format "nope"/);
  });
});
