import { describe, expect, it } from "vitest";
import { countJsonSpans, measureJson } from "./count-json-spans";
import { countProtobufSpans, measureProtobuf } from "./measure-protobuf";
import { encodeOtlpProtobuf } from "@/lib/importers/otlp/decode-otlp-protobuf";

const request = (spansPerScope: number[]) => ({
  resourceSpans: [
    {
      resource: { attributes: [{ key: "spans", value: { stringValue: "[not, an, array]" } }] },
      scopeSpans: spansPerScope.map((n, s) => ({
        scope: { name: "s" + s },
        spans: Array.from({ length: n }, (_, i) => ({
          traceId: "0123456789abcdef0123456789abcdef",
          spanId: (i + 1).toString(16).padStart(16, "0"),
          name: `span "${i}" with [brackets] and {braces}`,
          attributes: [{ key: "spans", value: { arrayValue: { values: [{ intValue: "1" }] } } }],
        })),
      })),
    },
  ],
});

describe("span counting before decoding", () => {
  it.each([[[0]], [[1]], [[3, 0, 5]], [[7, 2]]])("counts OTLP/JSON spans exactly: %j", (perScope) => {
    const total = perScope.reduce((a, b) => a + b, 0);
    expect(countJsonSpans(JSON.stringify(request(perScope)), 1e9)).toBe(total);
    expect(countJsonSpans(JSON.stringify(request(perScope), null, 2), 1e9)).toBe(total);
  });

  it("counts span rows nested in child_spans, at every depth", () => {
    const row = (children: unknown[]) => ({ span_id: "a", child_spans: children });
    const patronus = { trace_id: "t", spans: [row([row([]), row([row([]), row([])])])] };
    expect(countJsonSpans(JSON.stringify(patronus), 1e9)).toBe(5);
    expect(countJsonSpans('{"spans":[{"child_sp\\u0061ns":[{},{}]}]}', 1e9)).toBe(3);
    expect(countJsonSpans(JSON.stringify({ spans: [{ my_child_spans: [{}, {}] }] }), 1e9)).toBe(1);
  });

  it("stops early past the limit on a file of empty spans", () => {
    const text = '{"resourceSpans":[{"scopeSpans":[{"spans":[' + Array(1_000_000).fill("{}").join(",") + "]}]}]}";
    expect(countJsonSpans(text, 10)).toBe(11);
  });

  it.each([[[0]], [[1]], [[3, 0, 5]]])("counts OTLP/protobuf spans exactly without decoding: %j", (perScope) => {
    const total = perScope.reduce((a, b) => a + b, 0);
    expect(countProtobufSpans(encodeOtlpProtobuf(request(perScope)))).toBe(total);
  });

  it("rejects a truncated protobuf body", () => {
    const bytes = encodeOtlpProtobuf(request([2]));
    expect(() => countProtobufSpans(bytes.subarray(0, bytes.length - 3))).toThrow(/Malformed/);
  });
});

describe("field and value counting before decoding (review H-2, M-2)", () => {
  it("counts protobuf fields at every depth: attributes, events, links and nested values", () => {
    const one = encodeOtlpProtobuf(request([1]));
    const withEvent = request([1]);
    Object.assign(withEvent.resourceSpans[0].scopeSpans[0].spans[0], {
      events: [
        {
          name: "e",
          attributes: [{ key: "a", value: { kvlistValue: { values: [{ key: "b", value: { stringValue: "c" } }] } } }],
        },
      ],
    });
    const more = encodeOtlpProtobuf(withEvent);
    const limits = { maxSpans: 10, maxFields: 1e9 };
    expect(measureProtobuf(more, limits).fields).toBeGreaterThan(measureProtobuf(one, limits).fields + 6);
    expect(() => measureProtobuf(more, { maxSpans: 10, maxFields: 5 })).toThrow(/CULPRIT_MAX_OTLP_FIELDS/);
    expect(() => measureProtobuf(encodeOtlpProtobuf(request([3])), { maxSpans: 2, maxFields: 1e9 })).toThrow(
      /CULPRIT_MAX_SPANS/,
    );
  });

  it("counts spans under an escaped key, and JSON values of every kind", () => {
    const escaped = '{"resourceSpans":[{"scopeSpans":[{"sp\\u0061ns":[{},{},{}]}]}]}';
    expect(countJsonSpans(escaped, 1e9)).toBe(3);
    expect(measureJson('{"a":[1,"x",true,null,{"b":-2.5e3}]}', { maxSpans: 1e9, maxValues: 1e9 }).values).toBe(8);
  });
});
