import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDevSplit } from "./read-dev-split";

describe("readDevSplit", () => {
  const root = mkdtempSync(path.join(tmpdir(), "culprit-devsplit-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("reads odd-numbered records and never opens even-numbered ones", () => {
    const record = readFileSync(
      path.join(import.meta.dirname, "../../lib/importers/fixtures/who-and-when-hand-crafted.json"),
      "utf8",
    );
    const dir = path.join(root, "Hand-Crafted");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "1.json"), record);
    writeFileSync(path.join(dir, "3.json"), record);
    // Were these opened, they would fail to import and show up as import errors.
    writeFileSync(path.join(dir, "2.json"), "not json");
    writeFileSync(path.join(dir, "10.json"), "not json");
    writeFileSync(path.join(dir, "notes.json"), "not json");
    const [subset] = readDevSplit(root);
    expect(subset.name).toBe("Hand-Crafted");
    expect(subset.records.map((r) => r.id)).toEqual(["1.json", "3.json"]);
    expect(subset.refused).toBe(3);
    expect(subset.importErrors).toEqual([]);
  });
});
