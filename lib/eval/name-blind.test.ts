import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { nameBlindRecord } from "./name-blind";
import { whoAndWhenRecord } from "./records";

const file = path.join(import.meta.dirname, "../importers/fixtures/who-and-when-hand-crafted.json");
const record = () => whoAndWhenRecord(readFileSync(file, "utf8"), "1.json", "Hand-Crafted");
const whole = (name: string) =>
  new RegExp(`(?<![A-Za-z0-9_])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9_])`, "i");

describe("name-blind records", () => {
  it("rename every agent wherever it is written, in any case, and in the gold labels", () => {
    const r = record();
    const blind = nameBlindRecord(r);
    const all = r.trace.agents.map((a) => a.name);
    // The chat protocol's roles (here the task giver "human") are the format's words, kept as they are.
    const names = all.filter((n) => n !== "human");
    expect(names.length).toBeGreaterThan(1);
    expect(blind.trace.agents.map((a) => a.name)).toEqual(all.map((n, i) => (n === "human" ? n : `Agent${i + 1}`)));
    const text = JSON.stringify({ ...blind.trace, steps: blind.trace.steps.map(({ id, ...s }) => s) });
    for (const n of names) expect(text).not.toMatch(whole(n));
    const goldIndex = all.indexOf(r.gold.agent!);
    expect(blind.gold.agent).toBe(`Agent${goldIndex + 1}`);
    expect(blind.gold.stepIds).toEqual(r.gold.stepIds);
  });

  it("keep step ids, kinds and statuses, so the result is still a valid trace with the same shape", () => {
    const r = record();
    const blind = nameBlindRecord(r);
    expect(ZTrace.safeParse(blind.trace).success).toBe(true);
    expect(blind.trace.steps.map((s) => [s.id, s.kind, s.status])).toEqual(
      r.trace.steps.map((s) => [s.id, s.kind, s.status]),
    );
    expect(blind.trace.steps.map((s) => s.agent)).toEqual(
      r.trace.steps.map((s) =>
        s.agent === "human" ? s.agent : `Agent${r.trace.agents.findIndex((a) => a.name === s.agent) + 1}`,
      ),
    );
  });

  it("leave the original record as it was", () => {
    const r = record();
    const before = JSON.stringify(r);
    nameBlindRecord(r);
    expect(JSON.stringify(r)).toBe(before);
  });
});
