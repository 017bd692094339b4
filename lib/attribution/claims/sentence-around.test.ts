import { describe, expect, it } from "vitest";
import { sentenceStart } from "./sentence-around";

const from = (text: string, max = 200) => text.slice(sentenceStart(text, text.length, max));

describe("the start of the sentence that reaches a position", () => {
  it("is after a stop, '!' or '?' that whitespace follows, or after a line break", () => {
    expect(from("The tide rose. You can download it")).toBe(" You can download it");
    expect(from("Done! Now enter")).toBe(" Now enter");
    expect(from("First line\nsecond line")).toBe("second line");
  });

  it("near misses: a stop inside a word or a number, a semicolon, and the bound", () => {
    expect(from("Get it from Python.org or 4.5 mirrors; then")).toBe("Get it from Python.org or 4.5 mirrors; then");
    expect(from("The tide rose. You can download it", 10)).toBe("ownload it");
  });
});
