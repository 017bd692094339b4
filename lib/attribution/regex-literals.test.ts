/**
 * Every regex literal of the engine and the importers stays linear on hostile text. Each literal is
 * run on strings built from its own characters and from common hostile shapes, at 2,500 and 20,000
 * characters: linear matching grows about 8-fold, a pattern that backtracks over the whole input
 * (an unanchored `x+$`, two `\s*` around an optional group, `^\s*` under `/m`) about 64-fold.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOTS = ["lib/attribution", "lib/importers", "lib/text", "lib/trace"];
const SMALL = 2_500;
const BIG = 20_000;
/** A literal may take this long at BIG characters whatever it took at SMALL. */
const ABSOLUTE_MS = 200;
/** Otherwise at most this many times its SMALL time. */
const RATIO = 25;

const COMMON = [" ", "\n", "\t", " \n", "a", "A", "1", "0", ".", ",", "-", "_", "/", ":", "(", ")", "[", "]", "{", "}"];
const SHAPES = [
  "1 ",
  "1.",
  "1,",
  "a ",
  "a.",
  "a-",
  "ab",
  "a1",
  "A a",
  "Aa ",
  "http://a",
  "'a' ",
  '"a" ',
  "a: ",
  "# a\n",
  "x=1 ",
];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (p.endsWith(".ts") && !p.endsWith(".test.ts")) out.push(p);
  }
  return out;
}

function literals(file: string): { where: string; re: RegExp }[] {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const out: { where: string; re: RegExp }[] = [];
  const visit = (n: ts.Node) => {
    if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = n.getText(sf);
      const cut = text.lastIndexOf("/");
      const line = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
      out.push({
        where: `${file}:${line} ${text.slice(0, 80)}`,
        re: new RegExp(text.slice(1, cut), text.slice(cut + 1)),
      });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The literal's own characters (escapes of classes removed), the common ones and the shapes. */
function units(re: RegExp): string[] {
  const own = re.source.replace(/\\[dswbDSWB]/g, "").split("");
  return [...new Set([...own, ...COMMON]), ...SHAPES];
}

function timeOn(re: RegExp, unit: string, n: number): number {
  const s = `${unit.repeat(Math.ceil(n / unit.length))}\u0000!`;
  const t0 = performance.now();
  if (re.global || re.sticky) s.replace(re, "");
  else re.test(s);
  return performance.now() - t0;
}

/** The BIG time when it is both over ABSOLUTE_MS and over RATIO times the SMALL time (best of `tries`), else 0. */
function tooSlow(re: RegExp, unit: string, tries: number): number {
  let small = Infinity;
  let big = Infinity;
  for (let i = 0; i < tries; i++) {
    small = Math.min(small, timeOn(re, unit, SMALL));
    big = Math.min(big, timeOn(re, unit, BIG));
  }
  return big > ABSOLUTE_MS && big > RATIO * Math.max(small, 0.5) ? big : 0;
}

describe("regex literals of the engine and importers", () => {
  const all = ROOTS.flatMap((r) => sourceFiles(r)).flatMap(literals);

  it("are found", () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it("stay linear on hostile text", () => {
    const slow: string[] = [];
    for (const { where, re } of all)
      for (const unit of units(re)) {
        if (!tooSlow(re, unit, 1)) continue;
        // A first slow pair can be noise (a collection, a busy machine): the best of three decides.
        const big = tooSlow(re, unit, 3);
        if (big) {
          slow.push(`${where} on ${JSON.stringify(unit)}: ${big.toFixed(0)} ms`);
          break;
        }
      }
    expect(slow).toEqual([]);
  }, 120_000);
});
