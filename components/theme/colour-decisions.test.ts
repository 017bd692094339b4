import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as colours from "./colours";

/**
 * Colour is decided in one file, components/theme/colours.css (ADR 0014). These checks keep it so:
 * no colour literal and no palette hue anywhere else in the UI code, every token a component reads
 * exists, and every token the TypeScript map names is a meaning token.
 */
const root = path.resolve(import.meta.dirname, "../..");
const THEME_CSS = "components/theme/colours.css";
const UI_FOLDERS = ["app", "components", "lib/view"];
/** Neutral chrome every component may use; everything else in the palette is a hue with a meaning. */
const CHROME = new Set([
  "--bg",
  "--surface",
  "--surface-2",
  "--border",
  "--text",
  "--text-muted",
  "--accent",
  "--accent-soft",
  "--on-strong",
  "--shadow-popover",
]);

function uiFiles(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else if (/\.(css|tsx?)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(child);
    }
  };
  for (const f of UI_FOLDERS) walk(f);
  return out.sort();
}

const read = (rel: string) => readFileSync(path.join(root, rel), "utf8");
const themeCss = read(THEME_CSS);
const section = (from: string, to: string) => themeCss.slice(themeCss.indexOf(from), themeCss.indexOf(to));
const definedIn = (css: string) => new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]));

/** Hex colours, colour functions, and the named colours one would reach for instead. */
const COLOUR_LITERAL = [
  /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})\b/i,
  /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i,
  /(?::\s*|["'])(?:white|black|red|green|blue|gray|grey|orange|yellow|purple|pink|crimson|tomato)\b(?=\s*[;"'}!])/i,
];

describe("colour decisions live in components/theme/colours.css", () => {
  const files = uiFiles();

  it("finds the UI files it checks (a moved folder must not make this pass vacuously)", () => {
    expect(files).toContain(THEME_CSS);
    expect(files).toContain("components/charts/Timeline.tsx");
    expect(files.length).toBeGreaterThan(50);
  });

  it("no colour literal outside the palette", () => {
    const found: string[] = [];
    for (const f of files) {
      if (f === THEME_CSS) continue;
      read(f)
        .split("\n")
        .forEach((line, i) => {
          if (COLOUR_LITERAL.some((re) => re.test(line))) found.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("no component reads a palette hue directly, only meaning tokens and neutral chrome", () => {
    const palette = [...definedIn(section("/* 1. Palette", "/* 2. Meaning"))].filter((t) => !CHROME.has(t));
    expect(palette).toContain("--culprit");
    const found: string[] = [];
    for (const f of files) {
      if (f === THEME_CSS) continue;
      const text = read(f);
      for (const token of palette)
        if (new RegExp(`["'(]${token}(?![\\w-])`).test(text)) found.push(`${f} reads ${token}`);
    }
    expect(found).toEqual([]);
  });

  it("every custom property the UI reads is defined", () => {
    const defined = new Set<string>();
    for (const f of files) if (f.endsWith(".css")) for (const t of definedIn(read(f))) defined.add(t);
    const missing: string[] = [];
    for (const f of files) {
      for (const m of read(f).matchAll(/var\((--[\w-]+)/g)) if (!defined.has(m[1])) missing.push(`${f}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it("the TypeScript map names only meaning tokens", () => {
    const meaning = definedIn(section("/* 2. Meaning", "/* 3. Badges"));
    const named = Object.values(colours as Record<string, unknown>)
      .filter((v): v is Record<string, string> => typeof v === "object" && v !== null)
      .flatMap((map) => Object.values(map));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((t) => !meaning.has(t))).toEqual([]);
  });
});
