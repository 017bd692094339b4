import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { allMatches } from "./all-matches";

const asMatchAll = (re: RegExp, text: string) => [...text.matchAll(new RegExp(re.source, re.flags))];
const shape = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => [m.index, [...m]]);

describe("allMatches", () => {
  it("gives what matchAll gives, groups and positions included", () => {
    const cases: [RegExp, string][] = [
      [/(\d+)(?:\.(\d+))?/g, "rows 12, total 3.50 and 7"],
      [/\b[A-Z][a-z]+\b/g, "Ada met Grace in Paris"],
      [/x*/g, "axxb"],
      [/(?:)/gu, "a😀b"],
      [/\d/g, "no digits here"],
    ];
    for (const [re, text] of cases) expect(shape(allMatches(re, text))).toEqual(shape(asMatchAll(re, text)));
  });

  it("starts from the text's start whatever the pattern was left at, and leaves it at 0", () => {
    const re = /\d+/g;
    re.lastIndex = 5;
    expect([...allMatches(re, "12 and 34")].map((m) => m[0])).toEqual(["12", "34"]);
    expect(re.lastIndex).toBe(0);
  });

  it("lets the caller use the same pattern inside its loop", () => {
    const re = /\d+/g;
    const seen: string[] = [];
    for (const m of allMatches(re, "1 22 333"))
      seen.push(`${m[0]}:${[...allMatches(re, "9 8")].length}:${re.test("x")}`);
    expect(seen).toEqual(["1:2:false", "22:2:false", "333:2:false"]);
  });

  it("scans no further than its caller reads", () => {
    class Counted extends RegExp {
      calls = 0;
      override exec(text: string) {
        this.calls++;
        return super.exec(text);
      }
    }
    const re = new Counted("\\d", "g");
    // The first match is looked for when the scan is asked for; each later one when it is read.
    const it = allMatches(re, "1 2 3")[Symbol.iterator]();
    expect(re.calls).toBe(1);
    expect(it.next().value?.[0]).toBe("1");
    expect(re.calls).toBe(1);
    expect(it.next().value?.index).toBe(2);
    expect(re.calls).toBe(2);
    expect(re.lastIndex).toBe(0);
  });

  it("gives a text without a match one shared, unchangeable empty list", () => {
    const none = allMatches(/\d/g, "no digits");
    expect([...none]).toEqual([]);
    expect(none).toBe(allMatches(/x/g, "abc"));
    expect(Object.isFrozen(none)).toBe(true);
  });

  it("refuses a pattern without the global flag, as matchAll does", () => {
    expect(() => [...allMatches(/\d/, "1")]).toThrow(TypeError);
  });
});

describe("engine sources", () => {
  it("scan with allMatches, not matchAll, which copies its pattern on every call", () => {
    const files = readdirSync("lib/attribution", { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    expect(files.length).toBeGreaterThan(50);
    const using = files.filter((f) => /\.matchAll\(/.test(readFileSync(path.join("lib/attribution", f), "utf8")));
    expect(using).toEqual([]);
  });
});
