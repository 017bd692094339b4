import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
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
    const code = run(
      ["analyze", dir, "--json"],
      (l) => lines.push(l),
      (l) => lines.push(l),
    );
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
    run(
      ["analyze", fixtures, demos, "--json"],
      (l) => lines.push(l),
      (l) => lines.push(l),
    );
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const line of lines) {
      const record = JSON.parse(line);
      const parsed = record.ok ? ZCliReportLine.safeParse(record) : ZCliErrorLine.safeParse(record);
      expect(parsed.success, `${record.file}: ${parsed.success ? "" : parsed.error.message}`).toBe(true);
      if (record.ok) expect(record.schemaVersion).toBe("culprit.report/v1");
    }
  });

  it("prints one report per trace when a file holds several", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "culprit-cli-"));
    const real = (f: string) =>
      JSON.parse(
        readFileSync(path.join(import.meta.dirname, "../../test/fixtures/real/monocle", f), "utf8"),
      ) as unknown[];
    writeFileSync(
      path.join(dir, "two.json"),
      JSON.stringify([...real("test_adk_multi_agent.json"), ...real("test_crewai_multi_agent.json")]),
    );
    const lines: string[] = [];
    expect(
      run(
        ["analyze", dir, "--json"],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(0);
    const records = lines.map((l) => JSON.parse(l));
    expect(records.map((r) => [r.ok, r.format, r.trace])).toEqual([
      [true, "otel-sdk", { index: 1, of: 2, id: "bdd45f1cd66c99ab9d2dc63ece3ee024" }],
      [true, "otel-sdk", { index: 2, of: 2, id: "7655d80546ed2b4d99a4f86649ccf516" }],
    ]);
    const text: string[] = [];
    run(["analyze", path.join(dir, "two.json")], (l) => text.push(l));
    expect(text.map((t) => t.split("  [")[0])).toEqual([
      `${path.join(dir, "two.json")}#1 of 2`,
      `${path.join(dir, "two.json")}#2 of 2`,
    ]);
  });

  it("rejects unknown formats with a clear message", () => {
    const errs: string[] = [];
    expect(
      run(
        ["analyze", "x.json", "--format", "nope"],
        () => {},
        (l) => errs.push(l),
      ),
    ).toBe(2);
    expect(errs[0]).toMatch(/Unknown format "nope"/);
  });
});
