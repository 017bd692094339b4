import { describe, expect, it } from "vitest";
import { splitConcatenatedJson } from "./split-concatenated-json";
import { parseInputText } from "./parse-input-text";
import { inputErrorOf } from "../trace/input-error-of";

describe("documents written one after another", () => {
  it("splits pretty-printed objects separated only by whitespace, strings with braces included", () => {
    const text = '{\n  "a": "}{"\n}\n{\n  "b": [1, {"c": "\\"}"}]\n}\n';
    const ranges = splitConcatenatedJson(text)!;
    expect(ranges.map(([s, e]) => JSON.parse(text.slice(s, e)))).toEqual([{ a: "}{" }, { b: [1, { c: '"}' }] }]);
  });

  it("leaves one document, scalars, garbage between documents and unbalanced text to the single-document parser", () => {
    expect(splitConcatenatedJson('{"a": 1}')).toBeUndefined();
    expect(splitConcatenatedJson('{"a": 1} 2')).toBeUndefined();
    expect(splitConcatenatedJson('{"a": 1} x {"b": 2}')).toBeUndefined();
    expect(splitConcatenatedJson('{"a": 1} {"b": 2')).toBeUndefined();
  });

  it("parseInputText reads them as a list, flattens concatenated arrays, and locates a bad document", () => {
    expect(parseInputText('{\n "a": 1\n}\n{\n "b": 2\n}')).toEqual([{ a: 1 }, { b: 2 }]);
    expect(parseInputText("[\n  1, 2\n]\n[\n  3\n]")).toEqual([1, 2, 3]);
    const err = inputErrorOf(() => parseInputText('{\n "a": 1\n}\n{\n "b": 2,\n}'));
    expect(err.code).toBe("malformed_json");
    expect(err.message).toMatch(/document 2 of 2, starting at line 4, column 1/);
  });
});
