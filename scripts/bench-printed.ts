/**
 * Printed-chat import benchmark (ADR 0116): how `importTrace` time grows with the size of an AutoGen
 * terminal print, on the real fixtures repeated and on hostile shapes (one long line, colour codes on
 * every word, headers with no closing rule, unterminated OSC codes, rules inside one message, …).
 * Each shape at 2 MB and 16 MB (best of two each, after a warm-up); the headline is the worst shape's ms
 * per MB at 16 MB, where a reader that grows faster than the text would show it many times over (the
 * 2 MB time is shown for the trend, too short to divide by). Then 20 MB of real AG2 blocks. Run:
 * `npm run bench:printed`.
 */
import { grow, importerFixture, runScalingBench, type Shape } from "./lib/import-scaling";

const RULE = "-".repeat(80);
const AG2 = importerFixture("ag2-print-currency-calculator.txt");
const CONSOLE_TYPED = importerFixture("agentchat-console-agents.txt");
const CONSOLE_OLD = importerFixture("agentchat-console-selector.txt");

const shapes: Shape[] = [
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

runScalingBench({
  bench: "printed",
  what: "printed-chat",
  fileName: "run.txt",
  shapes,
  real: { label: "real AG2 print blocks", block: AG2 },
});
