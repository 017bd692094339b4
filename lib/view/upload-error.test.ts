import { describe, expect, it } from "vitest";
import { describeUploadError, topLevelKeys } from "./upload-error";

describe("describeUploadError", () => {
  it("says a truncated file looks cut off, with its line", () => {
    const e = {
      code: "malformed_json",
      message: "Malformed JSON in t.json at line 78, column 12: Unterminated string",
      location: { line: 78, column: 12 },
    };
    expect(describeUploadError(e).title).toBe(
      "The file looks cut off at line 78: it ends before its JSON is complete.",
    );
    const atEnd = {
      code: "malformed_json",
      message: "Malformed JSON at line 3, column 1: Expected ','",
      location: { line: 3, column: 1 },
    };
    expect(describeUploadError(atEnd, '{\n"a": 1\n"b"').title).toMatch(/cut off at line 3/);
  });

  it("names a broken spot in the middle once, with the reason", () => {
    const e = {
      code: "malformed_json",
      message: "Malformed JSON at line 2, column 5: Unexpected token 'x'",
      location: { line: 2, column: 5 },
    };
    expect(describeUploadError(e, "{\n  x\n  \n}\n\n").title).toBe(
      "The JSON is broken at line 2, column 5 (Unexpected token 'x').",
    );
  });

  it("turns the unknown-format wall into one sentence naming what the file holds", () => {
    const wall = `Unrecognized trace format. Supported formats:\n${"- x: y\n".repeat(40)}`;
    const view = describeUploadError({ code: "unknown_format", message: wall }, '{"hello": 1, "items": []}');
    expect(view.title).toBe(
      "This file is not a trace format Culprit reads. Its top-level keys are “hello”, “items”. Pick its format below, or see the supported formats.",
    );
    expect(view.title.length).toBeLessThanOrEqual(200);
    expect(view.details).toBe(wall);
  });

  it("keeps short messages and cuts long ones", () => {
    expect(describeUploadError({ code: "bad_input", message: "The upload is empty" })).toEqual({
      title: "The upload is empty",
      details: null,
    });
    expect(describeUploadError({ code: "x", message: "a".repeat(400) }).title).toHaveLength(160);
  });

  it("reads top-level keys of objects, arrays and JSONL", () => {
    expect(topLevelKeys('[{"role": "user", "content": "hi"}]')).toEqual({ kind: "array", names: ["role", "content"] });
    expect(topLevelKeys('{"a":1}\n{"a":2}')).toEqual({ kind: "object", names: ["a"] });
    expect(topLevelKeys("not json")).toBeNull();
  });
});
