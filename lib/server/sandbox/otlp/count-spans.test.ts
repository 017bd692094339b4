import { describe, expect, it } from "vitest";
import { countJsonSpans } from "./count-json-spans";
import { countProtobufSpans } from "./measure-protobuf";
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
