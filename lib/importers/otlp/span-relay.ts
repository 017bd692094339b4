import type { TStepInput } from "../../trace/schema";
import { CONTAINER_ATTR } from "../span-markers";
import { contentText } from "../content-text";

/** Characters of a span's output read when comparing it with its children's (bounded work per span). */
const MAX_TEXT = 4000;
/** Spans below a generation visited, and generations compared, per generation. */
const MAX_VISITED = 256;
const MAX_COMPARED = 16;
/** Share of a generation's words an inner generation's output must hold for the outer to be its echo. */
const ECHO_SHARE = 0.8;

/**
 * Which span steps return what the spans below them produced (`culprit.relay`): a plain or chain
 * span with children (framework code around them: a graph node, a crew's kickoff, a run span), and a
 * generation whose words an inner generation already wrote (an SDK's call span around the provider
 * call). A generation whose children do not hold its text (an HTTP child, a stream whose inner span
 * kept no output) wrote it itself. Agent spans are invocations already, containers are marked as
 * such, and a tool span's call comes before its children.
 * `steps` and `parent` are parallel, parents before children.
 */
export function relaySteps(steps: readonly TStepInput[], parent: Int32Array): Uint8Array {
  const n = steps.length;
  const out = new Uint8Array(n);
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) start[parent[i] + 1]++;
  for (let i = 0; i < n; i++) start[i + 1] += start[i];
  const fill = start.slice(0, n);
  const children = new Int32Array(start[n]);
  for (let i = 0; i < n; i++) if (parent[i] >= 0) children[fill[parent[i]]++] = i;
  const words = new Map<number, Set<string>>();
  const wordsOf = (i: number) => {
    let w = words.get(i);
    // Compared as the engine will read them: a provider's response envelope rendered to its text.
    if (!w) words.set(i, (w = wordSet(contentText(steps[i].content ?? ""))));
    return w;
  };
  for (let i = 0; i < n; i++) {
    const s = steps[i];
    if (start[i] === start[i + 1] || s.attributes?.[CONTAINER_ATTR] === true) continue;
    if (s.kind === "other") out[i] = 1;
    else if (s.kind === "llm") out[i] = echoesInnerGeneration(i, steps, start, children, wordsOf) ? 1 : 0;
  }
  return out;
}

function echoesInnerGeneration(
  i: number,
  steps: readonly TStepInput[],
  start: Int32Array,
  children: Int32Array,
  wordsOf: (i: number) => Set<string>,
): boolean {
  const own = wordsOf(i);
  if (own.size === 0) return false;
  const stack = [i];
  let visited = 0;
  let compared = 0;
  while (stack.length && visited < MAX_VISITED && compared < MAX_COMPARED) {
    const u = stack.pop()!;
    for (let k = start[u]; k < start[u + 1] && visited < MAX_VISITED; k++, visited++) {
      const c = children[k];
      stack.push(c);
      if (steps[c].kind !== "llm" || !steps[c].content) continue;
      compared++;
      const theirs = wordsOf(c);
      let held = 0;
      for (const w of own) if (theirs.has(w)) held++;
      if (held >= ECHO_SHARE * own.size) return true;
    }
  }
  return false;
}

/**
 * Lower-cased runs of letters and digits in the first `MAX_TEXT` characters, skipping backslash
 * escapes, so a JSON-encoded output ("\nHello") and its rendered text share their words.
 */
export function wordSet(text: string): Set<string> {
  const out = new Set<string>();
  const end = Math.min(text.length, MAX_TEXT);
  let word = "";
  for (let k = 0; k < end; k++) {
    const ch = text[k];
    if (ch === "\\") {
      if (word) out.add(word);
      word = "";
      k += text[k + 1] === "u" ? 5 : 1;
      continue;
    }
    if (/[\p{L}\p{N}]/u.test(ch)) word += ch.toLowerCase();
    else if (word) {
      out.add(word);
      word = "";
    }
  }
  if (word) out.add(word);
  return out;
}
