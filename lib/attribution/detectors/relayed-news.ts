/**
 * A near-repeat that carries news: the lines a message has that its earlier near-copy lacked were
 * all written, word for word, by steps in between. Such a message is a template sent again with the
 * latest content filled in (a harness re-posting its instruction around the revised code it was
 * handed, an agent re-sending its report with the new figures a tool gave): it answers what happened
 * since, which is the opposite of a loop, whose author says the same thing whatever came between.
 * A message with no new line of substance, or with new lines of its own, stays a repeat.
 * Bounded: each step's lines are read once per graph (at most SCAN characters), a message's new lines
 * are looked up in at most BETWEEN steps in between (inside longer lines within MAX_SEARCH_CHARS), and
 * a message with more than MAX_FRESH new lines is a rewrite, not a template refilled.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";

const SCAN = 20_000;
/** Steps in between read for the new lines (the nearest ones). */
const BETWEEN = 32;
/** Lines shorter than this ("```", "else:", "}") match anywhere by chance and are no news. */
const MIN_LINE = 12;
/** Share of the new lines' characters that must be found in between. */
const RELAYED_SHARE = 0.9;
/** Characters searched for new lines inside longer ones, per message. */
const MAX_SEARCH_CHARS = 400_000;
/** New lines looked up per message: more is a message rewritten, which no relay explains. */
const MAX_FRESH = 256;

const cache = new WeakMap<EngineGraph, (Set<string> | undefined)[]>();

/** The trimmed lines of step u of at least MIN_LINE characters, read once per graph. */
function linesOf(g: EngineGraph, u: number): Set<string> {
  let per = cache.get(g);
  if (!per) cache.set(g, (per = new Array(g.n)));
  const seen = per[u];
  if (seen) return seen;
  const out = new Set<string>();
  for (const l of stepText(g.steps[u]).slice(0, SCAN).split("\n")) {
    const t = l.trim();
    if (t.length >= MIN_LINE) out.add(t);
  }
  per[u] = out;
  return out;
}

/** Whether step i, a near-copy of the earlier step j, only adds lines written by steps between them. */
export function relaysNews(g: EngineGraph, j: number, i: number): boolean {
  const before = linesOf(g, j);
  const fresh: string[] = [];
  for (const l of linesOf(g, i)) if (!before.has(l) && fresh.push(l) > MAX_FRESH) return false;
  if (!fresh.length) return false;
  let total = 0;
  for (const l of fresh) total += l.length;
  let found = 0;
  let budget = MAX_SEARCH_CHARS;
  for (const l of fresh)
    for (let u = i - 1; u > j && i - u <= BETWEEN; u--) {
      // A line of its own there, or inside a longer one (a code line under a file-name prefix),
      // searched within a bounded number of characters per message.
      const text = linesOf(g, u).has(l) ? null : stepText(g.steps[u]).slice(0, SCAN);
      if (text !== null && (budget -= text.length) < 0) return found >= RELAYED_SHARE * total;
      if (text === null || text.includes(l)) {
        found += l.length;
        break;
      }
    }
  return found >= RELAYED_SHARE * total;
}
