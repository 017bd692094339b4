/**
 * Repetition and loops: an agent repeats a near-identical message (Jaccard ≥ 0.9 with one of its
 * last few messages) or the same tool call with the same arguments. Short messages ("Next speaker
 * X", "TERMINATE") are protocol, not loops, and are skipped, and so are tool outputs: a tool
 * printing the same result twice was given the same work twice; the repeated call is the loop.
 * Harness text (`g.scaffold`) and a task giver's turns are not an agent's output and never loop,
 * nor is a wrapper's output (`g.wrapper`) a repeat: it returns its children's.
 * A coordinator repeating its status report or instruction (`thought`, `delegate`) scores lower and is `dependent`: it
 * restates that no progress was made, a symptom of whatever stalled more than a new error.
 */
import type { Detector, DetectorHit } from "./types";
import { jaccardAtLeast } from "../text-features";
import { fencedRanges } from "../../text/linear-text";
import { callerOf, isToolOutput } from "./patterns";
import { stepText } from "../build-graph";
import { relaysNews } from "./relayed-news";

const MEMORY = 4;
/** Characters of a call's result compared with a repeat's. */
const MAX_RESULT = 4_000;
const MIN_TOKENS = 6;
const COORDINATION = new Set(["thought", "delegate"]);
const COORDINATION_FACTOR = 0.6;

export const detectRepetitionLoop: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  const code = new Map<number, Set<string>>();
  const codeOf = (v: number) => {
    let lines = code.get(v);
    if (!lines) code.set(v, (lines = codeBlocks(g.steps[v].content ?? "")));
    return lines;
  };
  const recent = new Map<number, number[]>();
  const repeats = new Map<number, number>();
  // What each call got back: the result it carries, else the text of the output it issued. The
  // outputs are matched to their calls when two calls are first compared (a chat has none).
  let got: (string | undefined)[] | undefined;
  const issuedOutputs = () => {
    const out: (string | undefined)[] = new Array(g.n);
    for (let u = 0; u < g.n; u++)
      if (isToolOutput(g, u)) {
        const c = callerOf(g, u);
        if (c >= 0 && c !== u && out[c] === undefined) out[c] = stepText(g.steps[u]).slice(0, MAX_RESULT);
      }
    return out;
  };
  // Each call is compared with its agent's next few: its arguments and result are read once.
  const results: (string | null | undefined)[] = new Array(g.n);
  const resultOf = (c: number): string | undefined => {
    if (results[c] === undefined)
      results[c] = (g.steps[c].tool?.result?.slice(0, MAX_RESULT) ?? (got ??= issuedOutputs())[c])?.trim() ?? null;
    return results[c] ?? undefined;
  };
  const argumentKeys: (string | undefined)[] = new Array(g.n);
  const argumentsOf = (c: number) => (argumentKeys[c] ??= JSON.stringify(g.steps[c].tool?.arguments ?? null));
  for (let i = 0; i < g.n; i++) {
    if (isToolOutput(g, i) && g.steps[i].kind !== "tool_call") continue;
    const a = g.agentOf[i];
    // A harness that sends its template again, or a task giver asking again, is no agent in a loop.
    if (g.scaffold[i] || g.taskGivers.has(a)) continue;
    const toks = g.features[i].tokens;
    const tool = g.steps[i].tool;
    const list = recent.get(a) ?? [];
    if (toks.size >= MIN_TOKENS || tool) {
      // A wrapper returns what its children produced (a run span echoing its last turn): a copy by
      // design, never a repeat; a later message can still repeat it.
      const dup = g.wrapper[i]
        ? undefined
        : list.find((j) => {
            const t = g.steps[j].tool;
            if (tool && t) {
              if (t.name !== tool.name || argumentsOf(j) !== argumentsOf(i)) return false;
              // The same call that got something else back saw the world change (a re-read after a
              // write, a status that moved on): a check, not a loop.
              const before = resultOf(j);
              const now = resultOf(i);
              return before === undefined || now === undefined || before === now;
            }
            // A message quoting a call's recorded result repeats the tool's data, not a message of its own.
            if ((tool ?? t)?.result !== undefined) return false;
            // New lines all written by steps in between: a template re-sent with news, not a loop.
            if (!jaccardAtLeast(toks, g.features[j].tokens, 0.9) || relaysNews(g, j, i)) return false;
            // Code with a line added, removed or changed is a revision, however many words it shares.
            return sameCode(codeOf(j), codeOf(i));
          });
      if (dup !== undefined) {
        const r = (repeats.get(a) ?? 0) + 1;
        repeats.set(a, r);
        hits.push({
          step: i,
          name: "repetition-loop",
          score: Math.min(0.8, 0.3 + 0.15 * r) * (COORDINATION.has(g.steps[i].kind) ? COORDINATION_FACTOR : 1),
          mast: "FM-1.3 step repetition",
          ...(COORDINATION.has(g.steps[i].kind) ? { dependent: true } : {}),
          evidence: {
            stepIds: [g.steps[i].id, g.steps[dup].id],
            note: `repeats ${g.steps[dup].id} (${r} repetition${r > 1 ? "s" : ""} by this agent)`,
          },
        });
      }
      list.push(i);
      if (list.length > MEMORY) list.shift();
      recent.set(a, list);
    }
  }
  return hits;
};

/** Characters of a message read for its code lines. */
const MAX_CODE_CHARS = 40_000;
/** Shorter lines carry no code of their own: braces, brackets, a stray keyword. */
const MIN_LINE = 4;
/** A line that only comments (Python, shell, C-like): rewording it changes no code. */
const COMMENT_RE = /^(?:#|\/\/|\/\*|\*)/;

/** Code blocks of a message compared with each other for copies; past them a message's blocks are kept as they are. */
const MAX_BLOCKS = 64;

/**
 * A message's fenced code blocks, each read as its code lines in order (trimmed, but comments and
 * lines under MIN_LINE), one key per block: a line added, removed or moved in any file is a
 * revision, even when another file has the same line. A block that is the start of a longer block
 * of the same message (a file pasted again and cut short by the log) adds no code, nor does a
 * block pasted twice.
 */
function codeBlocks(text: string): Set<string> {
  const blocks: string[][] = [];
  const head = text.slice(0, MAX_CODE_CHARS);
  for (const [a, b] of fencedRanges(head)) {
    // The block's own lines: after the opening fence's line, before the closing fence.
    const body = head.slice(a, b).replace(/```\s*$/, "");
    const lines: string[] = [];
    for (const raw of body.split("\n").slice(1)) {
      const line = raw.trim();
      if (line.length >= MIN_LINE && !COMMENT_RE.test(line)) lines.push(line);
    }
    if (lines.length) blocks.push(lines);
  }
  const cutCopy = (k: number) => blocks.length <= MAX_BLOCKS && blocks.some((other) => opensLonger(other, blocks[k]));
  const out = new Set<string>();
  blocks.forEach((lines, k) => {
    if (!cutCopy(k)) out.add(lines.join("\n"));
  });
  return out;
}

/** Whether `start` opens the longer `lines`: its lines the same, its last one possibly cut short. */
function opensLonger(lines: readonly string[], start: readonly string[]): boolean {
  const last = start.length - 1;
  if (lines.length < start.length) return false;
  for (let i = 0; i < last; i++) if (lines[i] !== start[i]) return false;
  return lines.length > start.length
    ? lines[last].startsWith(start[last])
    : lines[last].length > start[last].length && lines[last].startsWith(start[last]);
}

/** Whether two messages hold the same code blocks (both none counts as the same). */
function sameCode(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const block of a) if (!b.has(block)) return false;
  return true;
}
