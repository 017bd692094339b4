import { describe, expect, it } from "vitest";
import { importTrace, importValue, IMPORT_FORMATS } from "./index";
import { inputErrorOf as thrown } from "../trace/input-error-of";

const span = (id: string | undefined, parent: string | undefined, name: string, t: number) => ({
  ...(id ? { spanId: id } : {}),
  ...(parent ? { parentSpanId: parent } : {}),
  name,
  startTimeUnixNano: String(1.7e18 + t * 1e6),
  endTimeUnixNano: String(1.7e18 + t * 1e6 + 1e6),
});
const otlp = (spans: unknown[]) => ({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

describe("bad input", () => {
  it("names every supported format when nothing matches", () => {
    const err = thrown(() => importValue({ hello: "world" }));
    expect(err.code).toBe("unknown_format");
    for (const f of IMPORT_FORMATS) expect(err.message).toContain(f);
  });

  it("reports line and column of truncated JSON", () => {
    const err = thrown(() => importTrace('{\n  "resourceSpans": [\n    {"scopeSpans": [\n'));
    expect(err.code).toBe("malformed_json");
    expect(err.location?.line).toBeGreaterThanOrEqual(3);
  });

  it("rejects empty files and unknown forced formats", () => {
    expect(thrown(() => importTrace("  \n")).code).toBe("bad_input");
    expect(thrown(() => importValue({}, { format: "zipkin" as never })).code).toBe("bad_input");
  });

  it("rejects an OTLP request without spans, and a non-object span with its path", () => {
    expect(thrown(() => importValue(otlp([]))).code).toBe("bad_input");
    const err = thrown(() => importValue(otlp([42])));
    expect(err.code).toBe("schema");
    expect(err.message).toContain("resourceSpans[0].scopeSpans[0].spans[0]");
  });

  it("recovers from spans without ids, dangling parents, duplicates and cycles, with warnings", () => {
    const { trace } = importValue(
      otlp([
        span(undefined, undefined, "no-id", 1),
        span("00000000000000a1", "00000000000000ff", "dangling", 2),
        span("00000000000000b1", "00000000000000b2", "cycle-1", 3),
        span("00000000000000b2", "00000000000000b1", "cycle-2", 4),
        span("00000000000000c1", undefined, "dup", 5),
        span("00000000000000c1", undefined, "dup", 5),
        span("00000000000000c1", undefined, "other-dup", 6),
      ]),
    );
    const w = trace.warnings.join("\n");
    expect(w).toMatch(/had no spanId/);
    expect(w).toMatch(/parent span that is not in the file/);
    expect(w).toMatch(/parent cycle/);
    expect(w).toMatch(/duplicated span/);
    expect(w).toMatch(/renamed 00000000000000c1#2/);
    expect(w).toContain("used by two different spans (resourceSpans[0].scopeSpans[0].spans[6])");
    expect(trace.steps).toHaveLength(6);
    expect(trace.steps.find((s) => s.name === "dangling")?.parentId).toBeUndefined();
    const ids = new Set(trace.steps.map((s) => s.id));
    expect(ids.size).toBe(6);
  });

  it("validates native culprit traces and reports schema paths", () => {
    const err = thrown(() =>
      importValue({
        schema: "culprit.trace/v1",
        run: {},
        agents: [],
        steps: [{ id: "x", agent: "ghost", kind: "llm" }],
      }),
    );
    expect(err.code).toBe("schema");
    expect(err.issues.map((i) => i.path)).toContain("steps[0].agent");
  });
});
