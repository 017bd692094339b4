import { describe, expect, it } from "vitest";
import { hasCode } from "./code-layout";

describe("code with or without fences", () => {
  it("reads fenced code, and code laid out in a framework's file format without fences", () => {
    expect(hasCode("Here it is:\n```python\nprint(1)\n```")).toBe(true);
    const unfenced = [
      "FILENAME: board.py",
      "LANGUAGE: Python",
      "CODE:",
      "from cells import Cell",
      "class Board:",
      "    def __init__(self, size):",
      "        self.size = size",
    ].join("\n");
    expect(hasCode(unfenced)).toBe(true);
    expect(hasCode("import { sum } from './sum';\nconst total = sum(xs);\nfunction show() {\n  return total;\n}")).toBe(
      true,
    );
  });

  it("reads no code in prose, even prose that names a statement or quotes one line", () => {
    expect(hasCode("The board class draws the cells. Import the module first, then define the size.")).toBe(false);
    expect(hasCode("The fix adds one line:\nimport random\nThen the game starts.")).toBe(false);
    expect(hasCode("If you want to play again:\n- press R\n- or close the window")).toBe(false);
  });
});
