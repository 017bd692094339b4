import { describe, expect, it } from "vitest";
import { parseJsonText, parseJsonLines, positionToLocation } from "./parse-json";
import { inputErrorOf as errorOf } from "./input-error-of";

describe("parseJsonText", () => {
  it("parses valid JSON and strips a byte-order mark", () => {
    expect(parseJsonText('\uFEFF{"a": [1, 2]}')).toEqual({ a: [1, 2] });
  });

  it.each([
    ['{\n  "a": ,\n}', 2, 8],
    ['{"a": 1', 1, 8],
    ["[1, 2,]", 1, 7],
    ['{"a": "x\ny"}', 1, 9],
    ['{"a": 1}\n  x', 2, 3],
    ["", 1, 1],
  ])("reports line and column of the first error in %j", (text, line, column) => {
    const err = errorOf(() => parseJsonText(text));
    expect(err.code).toBe("malformed_json");
    expect(err.location).toEqual({ line, column });
    expect(err.message).toContain(`line ${line}, column ${column}`);
  });

  it("does not echo hostile input back in the message", () => {
    const err = errorOf(() => parseJsonText('{"x": "<script>alert(1)</script>" oops}'));
    expect(err.message).not.toContain("<script>");
  });
});

describe("parseJsonLines", () => {
  it("parses one value per non-blank line", () => {
    expect(parseJsonLines('{"a":1}\n\n{"b":2}\n')).toEqual([{ a: 1 }, { b: 2 }]);
  });
  it("names the broken line", () => {
    const err = errorOf(() => parseJsonLines('{"a":1}\n{"b":}\n'));
    expect(err.location?.line).toBe(2);
  });
});

describe("positionToLocation", () => {
  it("counts lines and columns from 1", () => {
    expect(positionToLocation("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(positionToLocation("ab", 0)).toEqual({ line: 1, column: 1 });
  });
});
