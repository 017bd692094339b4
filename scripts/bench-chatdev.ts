/**
 * ChatDev log import benchmark (ADR 0117): how `importTrace` time grows with the size of a ChatDev
 * `.log`, on the real fixtures repeated and on hostile shapes (one long utterance line, a system
 * prompt that never closes, brackets nested deep, headers with nothing between them, records of no
 * known kind, a reply header cut short). Each shape at 2 MB and 16 MB (best of two each, after a
 * warm-up); the headline is the worst shape's ms per MB at 16 MB, where a reader that grows faster than
 * the text would show it many times over. Then 20 MB of a real log repeated. Run: `npm run bench:chatdev`.
 */
import { grow, importerFixture, runScalingBench, type Shape } from "./lib/import-scaling";

const CAR = importerFixture("chatdev-car-game-2024.log");
const RPG = importerFixture("chatdev-rpg-test-failures.log");
const AT = "[2023-22-08 14:46:15 INFO] ";
const START = `${AT}Chief Executive Officer: **[Start Chat]**\n\n`;

const shapes: Shape[] = [
  ["car fixture repeated", (bytes) => grow(`${CAR}\n`, bytes)],
  ["RPG fixture repeated, CRLF", (bytes) => grow(`${RPG}\n`.replaceAll("\n", "\r\n"), bytes)],
  ["one utterance of one long line", (bytes) => `${START}[You are CPO.]\n\n${"x".repeat(bytes)}\n`],
  ["a system prompt that never closes", (bytes) => `${START}[${grow("never closed\n", bytes)}`],
  ["brackets nested deep", (bytes) => `${START}${"[".repeat(bytes / 2)}${"]".repeat(bytes / 2)}\n\nhi\n`],
  ["lines ending in ] without a blank after", (bytes) => `${START}[${grow("x]\n", bytes)}`],
  ["headers with nothing between them", (bytes) => grow(`${AT}Programmer: **[Start Chat]**\n`, bytes)],
  [
    "entries of no known kind",
    (bytes) => `${START}[p]\n\nhi\n${grow(`${AT}Someone: says ${"z".repeat(40)}\n`, bytes)}`,
  ],
  [
    "reply headers cut short",
    (bytes) => `${START}[p]\n\nhi\n${grow(`${AT}A: **A<->B on : ${"P".repeat(60)}\n`, bytes)}`,
  ],
];

runScalingBench({
  bench: "chatdev",
  what: "ChatDev log",
  fileName: "run.log",
  shapes,
  real: { label: "a real ChatDev log repeated", block: `${RPG}\n` },
});
