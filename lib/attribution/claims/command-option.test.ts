import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../index";
import { extractClaims } from "./extract-claims";

const numbers = (text: string) =>
  extractClaims(text)
    .filter((c) => c.kind === "number")
    .map((c) => c.value);

describe("a shell command's options are not quantities", () => {
  it("drops a count or signal given as an option, in a fenced block or an inline code span", () => {
    expect(numbers("```bash\ngrep -rn 'Quay' src | head -45\n```")).toEqual([]);
    expect(numbers("Command `tail -n 25 build.log` executed.")).toEqual([]);
    expect(numbers("```sh\nkill -9 $PID; git log --max-count=12\n```")).toEqual([]);
    expect(numbers("Ran `sort -k 3 orders.csv | head -55`.")).toEqual([]);
    expect(numbers("```bash\npython fit.py --ratio 0.75 --offset -3\n```")).toEqual([]);
  });
  it("keeps the same writings in prose, and numbers in code that are no option", () => {
    expect(numbers("The balance changed by -40 this week.")).toEqual(["n:-40"]);
    expect(numbers("Run tail -25 on it later.")).toEqual(["n:-25"]);
    expect(numbers("```python\nfloor = [0, -40]\ntotal = -25\n```")).toEqual(["n:0", "n:-40", "n:-25"]);
    expect(numbers("```python\ndef floor():\n    return 40\n```")).toEqual(["n:40"]);
    // Near misses: no blank between the word and the dash, no option name, or none standing alone.
    expect(numbers("```python\nfloor = max(-45, 0)\n```")).toEqual(["n:-45", "n:0"]);
    expect(numbers("```python\nscale = -k*25\n```")).toEqual(["n:25"]);
    expect(numbers("```bash\nseq -5 25\n```")).toEqual(["n:25"]);
    expect(numbers("```\nf(-n 25)\n```")).toEqual(["n:25"]);
    // A span closed before the number, or a backtick with no close on the line, holds no code around it.
    expect(numbers("Ran `ls` and tail -25 and then `pwd`.")).toEqual(["n:-25"]);
    expect(numbers("A stray ` mark, then tail -25 in prose.\nNext `line`.")).toEqual(["n:-25"]);
    // Spans are paired in order along the line: between two spans is prose.
    expect(numbers("Ran `ls -1`, then tail -25, then `head -45` and `wc -l`; kill -9 after.")).toEqual([
      "n:-25",
      "n:-9",
    ]);
  });
});

describe("a long option in prose", () => {
  it("is a command's wherever it is written: prose writes no word after two dashes", () => {
    expect(numbers("- cd /srv && npx mocha spec.js --timeout 45000: passing")).toEqual([]);
    expect(numbers("Reran the suite with --retries=3 and --jobs 6.")).toEqual([]);
    // Near misses: a short option or a flag in prose, two dashes with no name after them, a word
    // glued before the dashes.
    expect(numbers("Ran tail -n 25 on the log.")).toEqual(["n:25"]);
    expect(numbers("The fee -- 45 dollars -- was paid.")).toEqual(["n:45"]);
    expect(numbers("The range was a--b 45 wide.")).toEqual(["n:45"]);
  });
});

describe("two agents paging through output by different amounts", () => {
  const steps: TTraceInput["steps"] = [
    { id: "u", agent: "user", kind: "message", content: "Find where the pier ledger is parsed." },
    { id: "a", agent: "Scout", kind: "message", content: "```bash\ngrep -rln 'ledger' src | head -28\n```" },
    {
      id: "t",
      agent: "Shell",
      kind: "tool_result",
      content: "Command `grep -rln 'ledger' src | head -28` executed.\nsrc/pier/ledger.ts",
    },
    { id: "b", agent: "Fixer", kind: "message", content: "```bash\nsed -n '1,80p' src/pier/ledger.ts | head -45\n```" },
    { id: "f", agent: "Fixer", kind: "final", content: "The ledger is parsed in src/pier/ledger.ts." },
  ];
  const r = analyzeTrace(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: "Find where the pier ledger is parsed." },
      agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
      steps,
      edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" as const })),
    }),
  );
  it("finds no contradiction between them", () => {
    const names = r.steps.flatMap((s) => s.detectors.map((d) => d.name));
    expect(names).not.toContain("contradicts-source");
  });
});
