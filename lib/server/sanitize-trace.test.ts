import { describe, expect, it } from "vitest";
import { validateTrace } from "@/lib/trace/validate-trace";
import { minimalTrace } from "@/lib/trace/test-traces";
import { sanitizeTrace, storableTimestamp, cleanText } from "./sanitize-trace";
import { jsonText } from "./copy-rows";

describe("values Postgres rejects are cleaned with a warning (F-8)", () => {
  it("leaves a clean trace untouched (same object, no warning)", () => {
    const trace = validateTrace(minimalTrace({ title: "clean" }));
    expect(sanitizeTrace(trace)).toBe(trace);
  });

  it("replaces NUL and lone surrogates in any string, keeps valid pairs", () => {
    expect(cleanText("a\u0000b")).toBe("a\ufffdb");
    expect(cleanText("x\ud800y")).toBe("x\ufffdy");
    expect(cleanText("x\udc00")).toBe("x\ufffd");
    expect(cleanText("ok \ud83d\ude00")).toBe("ok \ud83d\ude00");
    const input = minimalTrace({ title: "nul\u0000title" });
    input.run.task = "a\u0000b";
    input.steps[0].attributes = { "k\ud800": "\ud800" };
    const out = sanitizeTrace(validateTrace(input));
    expect(out.run.title).toBe("nul\ufffdtitle");
    expect(out.run.task).toBe("a\ufffdb");
    expect(out.steps[0].attributes).toEqual({ "k\ufffd": "\ufffd" });
    expect(out.warnings).toEqual(["Stored with changes: NUL bytes or unpaired UTF-16 surrogates replaced by U+FFFD"]);
  });

  it("keeps agent names and step ids unique when cleaning makes them equal", () => {
    const input = minimalTrace({ title: "collide" }) as any;
    input.agents = [{ name: "a\u0000" }, { name: "a\ufffd" }];
    input.steps = [
      { id: "s\u0000", agent: "a\u0000", kind: "message", content: "x" },
      { id: "s\ufffd", agent: "a\ufffd", kind: "message", content: "y", parentId: "s\u0000" },
    ];
    input.edges = [];
    const out = sanitizeTrace(validateTrace(input));
    expect(out.agents.map((a) => a.name)).toEqual(["a\ufffd", "a\ufffd#2"]);
    expect(out.steps.map((s) => s.id)).toEqual(["s\ufffd", "s\ufffd#2"]);
    expect(out.steps[1].parentId).toBe("s\ufffd");
    expect(() => validateTrace(out)).not.toThrow();
  });

  it("is idempotent: a cleaned trace comes back as the same object (the import sandbox cleans and hashes once)", () => {
    const input = minimalTrace({ title: "twice\u0000", startedAt: "2025-01-01T00:00:00+23:00" }) as any;
    input.steps[0].content = "x\ud800";
    const once = sanitizeTrace(validateTrace(input));
    expect(once).not.toBe(input);
    expect(sanitizeTrace(once)).toBe(once);
  });

  it("converts offsets beyond ±15:59 to UTC and drops year 0000", () => {
    expect(storableTimestamp("2025-01-01T00:00:00+23:00")).toEqual({
      value: "2024-12-31T01:00:00.000Z",
      fix: expect.stringMatching(/converted to UTC/),
    });
    expect(storableTimestamp("0000-01-01T00:00:00Z").value).toBeUndefined();
    expect(storableTimestamp("2025-01-01T00:00:00+05:00")).toEqual({ value: "2025-01-01T00:00:00+05:00" });
    const input = minimalTrace({ title: "ts" });
    input.steps[0].startTime = "2025-01-01T00:00:00+23:00";
    input.steps[1].startTime = "0000-01-01T00:00:00Z";
    const out = sanitizeTrace(validateTrace(input));
    expect(out.steps[0].startTime).toBe("2024-12-31T01:00:00.000Z");
    expect(out.steps[1].startTime).toBeUndefined();
    expect(out.warnings).toHaveLength(2);
  });
});

describe("jsonText (F-19)", () => {
  it("keeps the literal text \\u0000 and turns real NUL and lone surrogates into U+FFFD", () => {
    expect(JSON.parse(jsonText({ a: "\\u0000" })).a).toBe("\\u0000");
    expect(JSON.parse(jsonText({ a: "\\\\u0000" })).a).toBe("\\\\u0000");
    expect(JSON.parse(jsonText({ a: "x\u0000" })).a).toBe("x\ufffd");
    expect(JSON.parse(jsonText({ a: "\ud800", b: "\ud83d\ude00" }))).toEqual({ a: "\ufffd", b: "\ud83d\ude00" });
    expect(JSON.parse(jsonText({ a: "\\\ud800" })).a).toBe("\\\ufffd");
  });
});
