/**
 * Printed-chat import benchmark (ADR 0116): how `importTrace` time grows with the size of an AutoGen
 * terminal print, on the real fixtures repeated and on hostile shapes (one long line, colour codes on
 * every word, headers with no closing rule, unterminated OSC codes, rules inside one message, …).
 * Each shape at 2 MB and 16 MB (best of two each, after a warm-up); the headline is the worst shape's ms
 * per MB at 16 MB, where a reader that grows faster than the text would show it many times over (the
 * 2 MB time is shown for the trend, too short to divide by). Then 20 MB of real AG2 blocks. Run:
 * `npm run bench:printed`.
 */
import fs from "node:fs";
import path from "node:path";
import { importTrace } from "../lib/importers";
import { TraceInputError } from "../lib/trace/errors";
import { reportBench } from "./lib/bench-result.mjs";

const MB = 1_000_000;
const RULE = "-".repeat(80);
const FIXTURE_DIR = path.join(import.meta.dirname, "..", "lib", "importers", "fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURE_DIR, name), "utf8");
const AG2 = fixture("ag2-print-currency-calculator.txt");
const CONSOLE_TYPED = fixture("agentchat-console-agents.txt");
const CONSOLE_OLD = fixture("agentchat-console-selector.txt");

/** About `bytes` characters of whole copies of `block`. */
const grow = (block: string, bytes: number) => block.repeat(Math.max(1, Math.round(bytes / block.length)));

function time(text: string): number {
  const t0 = performance.now();
  try {
    importTrace(text, { fileName: "run.txt" });
  } catch (err) {
    if (!(err instanceof TraceInputError)) throw err;
  }
  return performance.now() - t0;
}

const shapes: [string, (bytes: number) => string][] = [
  ["AG2 fixture blocks", (bytes) => grow(AG2, bytes)],
  ["Console fixture blocks, CRLF", (bytes) => grow(CONSOLE_TYPED.replaceAll("\n", "\r\n"), bytes)],
  ["Console fixture blocks, lone CR", (bytes) => grow(CONSOLE_OLD.replaceAll("\n", "\r"), bytes)],
  ["one message of one long line", (bytes) => `a (to b):\n\n${"x".repeat(bytes)}\n\n${RULE}\n`],
  ["one Console message of one long line", (bytes) => `---------- a ----------\n${"y ".repeat(bytes / 2)}\n`],
  ["colour codes on every word", (bytes) => `a (to b):\n\n${grow("\x1b[33mw\x1b[0m ", bytes)}\n\n${RULE}\n`],
  ["headers without closing rules", (bytes) => `${RULE}\n${grow(`a (to b):\n\n${"x".repeat(200)}\n`, bytes)}`],
  ["unterminated OSC introducers on one line", (bytes) => `a (to b):\n\n${grow("\x1b]x", bytes)}\n\n${RULE}\n`],
  ["rules inside one message", (bytes) => `a (to b):\n\n${grow(`${RULE}\nrow\n`, bytes)}\n${RULE}\n`],
  ["header pairs, then near-rules", (bytes) => `${"a (to b):\n\n".repeat(1500)}${grow(`x${"-".repeat(81)}\n`, bytes)}`],
  [
    "unclosed tool sections",
    (bytes) => `a (to b):\n\n${grow("***** Suggested tool call (c): f *****\n", bytes)}\n${RULE}\n`,
  ],
  [
    "result prints that do not parse",
    (bytes) => `---------- a ----------\n${grow("TaskResult(messages=[1, 2\n", bytes)}`,
  ],
];

console.log("printed-chat import: ms at 2 MB and at 16 MB, and ms per MB at 16 MB");
let worst = 0;
for (const [name, shape] of shapes) {
  const small = shape(2 * MB);
  const large = shape(16 * MB);
  time(small);
  const t2 = Math.min(time(small), time(small));
  const t16 = Math.min(time(large), time(large));
  worst = Math.max(worst, t16 / 16);
  console.log(
    `${name.padEnd(42)} ${t2.toFixed(0).padStart(6)} ms ${t16.toFixed(0).padStart(7)} ms  ${(t16 / 16).toFixed(0)} ms/MB`,
  );
}
reportBench({
  bench: "printed",
  metric: "import ms per MB at 16 MB, worst hostile shape",
  value: Math.round(worst),
  unit: "ms/MB",
  limit: 250,
});

const text = grow(AG2, 20 * MB);
time(grow(AG2, MB));
const t20 = time(text);
console.log(`20 MB of real AG2 blocks: ${t20.toFixed(0)} ms (${(t20 / 20).toFixed(0)} ms/MB)`);
reportBench({
  bench: "printed",
  metric: "import of 20 MB of real AG2 print blocks",
  value: Math.round(t20),
  unit: "ms",
  limit: 10_000,
});
