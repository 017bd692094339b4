/**
 * A thing said to be missing that a lookup showed: "order #W-5521 does not have a tracking number"
 * after the order's own lookup listed `tracking_id: 7731…`. The lookup was there to read, so saying
 * the field is absent misreads it (`contradicts-output`, as a misread value is), whatever is done
 * with the claim afterwards.
 *
 * Held tight, since a sentence of "no …" is mostly about something no output lists:
 * - the sentence names the thing by an identifier (a token with a digit, five characters or more);
 * - an earlier tool output the step could see is that thing's own record: the identifier is the
 *   value of an id key ("order_id", "number", "ref") among its first key lines (a listing that
 *   merely mentions it is not);
 * - that record has a non-empty value under a key that shares the missing noun's first word
 *   ("tracking number" → `tracking_id`).
 * Bounded: the first MAX_TEXT characters of a step, MAX_CLAIMS claims a step, the last WINDOW steps,
 * MAX_SCANNED steps looked back over in all; each output is read once.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance, isToolOutput, toolEmpty, toolFailed } from "../detectors/patterns";
import { claimPart } from "../text-features";
import { observationAt } from "../../trace/canonical-attributes";
import type { ClaimFinding } from "./claim-findings";
import { OUTPUT_SCORE } from "./output-findings";
import type { Provenance } from "./provenance";
import { outputBody } from "./tool-computations";
import { allMatches } from "../all-matches";

const WINDOW = 300;
const MAX_SCANNED = 100_000;
const MAX_TEXT = 20_000;
const MAX_CLAIMS = 4;
/** Key lines of an output that name what it is the record of: an id key among its first lines. */
const HEAD_LINES = 3;
const ID_KEY = /(?:^|[_\s.-])(?:id|number|no|ref|code|key)$/;
const MAX_LINES = 400;

/**
 * "does not have a …", "has no …", "there is no …": the missing noun is up to three words after it.
 * A cheap test first (most steps say none of this).
 */
const MAY_DENY_RE = /\bno\b|n't|\bnot\b/i;
const ABSENCE_RE =
  /\b(?:(?:does|did|do) not|(?:does|did|do)n't) (?:have|include|contain|show|list|carry)(?: (?:a|an|any))? ([a-z]+(?: [a-z]+){0,2})|\b(?:has|have|had|shows?|lists?|with) no ([a-z]+(?: [a-z]+){0,2})|\bthere (?:is|are|was|were) no ([a-z]+(?: [a-z]+){0,2})/gi;
/** Words that end the missing noun ("a tracking number because …", "no carrier ref on file"). */
const ENDS_NOUN = new Set(
  "because since as for on in at yet and but so which that to from of with until associated available listed assigned recorded attached".split(
    " ",
  ),
);
/** A token of letters, digits, "_" and "-" (a leading "#" allowed); an identifier when it holds a digit. */
const ID_RE = /#?[A-Za-z\d][A-Za-z\d_-]*/g;
const MIN_ID = 5;
/** An identifier as compared: lower case, without a leading "#". */
const bare = (x: string) => x.toLowerCase().replace(/^#/, "");
const KEY_LINE_RE = /^([A-Za-z][\w .-]{0,39}):[ \t]*(.{0,200})$/;
const EMPTY_VALUE = /^(?:|none|null|nil|n\/a|na|\[\]|\{\}|0|false|-|—|unknown|not available)$/i;

/** Past participles that do not end in "-ed" ("no flights flown", "no refund paid"). */
const IRREGULAR_PARTICIPLES = new Set(
  "flown taken given made sent paid done seen shown known written sold bought held kept left run won begun gone spent lent built drawn driven ridden chosen frozen broken stolen worn torn sworn".split(
    " ",
  ),
);
/**
 * "no flights flown", "no bags checked", "no refund issued": the noun and a participle say none of
 * the things is in that state, not that the record lacks them; the record listing its flights
 * does not contradict that no flight has been flown yet.
 */
const isParticiple = (w: string | undefined) =>
  w !== undefined && ((w.length >= 4 && w.endsWith("ed") && !w.endsWith("eed")) || IRREGULAR_PARTICIPLES.has(w));

const singular = (w: string) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w);

/**
 * The missing noun's words, up to the first word that ends it. Only its first word is matched to a
 * key: "no other carrier ref" (there is one, just no other) starts with no key's word.
 */
function nounWords(raw: string): string[] {
  const words: string[] = [];
  for (const w of raw.toLowerCase().split(" ")) {
    if (ENDS_NOUN.has(w)) break;
    words.push(w);
  }
  return words;
}

interface KeyLine {
  key: string;
  value: string;
}

function keyLines(text: string): KeyLine[] {
  const out: KeyLine[] = [];
  for (const line of text.split("\n", MAX_LINES)) {
    const m = KEY_LINE_RE.exec(line.trim());
    if (m) out.push({ key: m[1].toLowerCase(), value: m[2].trim() });
  }
  return out;
}

/** The record's line whose key shares the noun's first word and holds a value, if any. */
function heldUnder(lines: KeyLine[], noun: string[]): KeyLine | undefined {
  const head = singular(noun[0]);
  return lines.find((l) => !EMPTY_VALUE.test(l.value) && l.key.split(/[_\s.-]+/).some((t) => singular(t) === head));
}

export function findAbsenceMisreads(g: EngineGraph, prov: Provenance): ClaimFinding[] {
  const out: ClaimFinding[] = [];
  const lines = new Map<number, KeyLine[] | null>();
  const recordOf = (u: number): KeyLine[] | null => {
    let l = lines.get(u);
    if (l === undefined) {
      l = toolFailed(g, u) || toolEmpty(g, u) ? null : keyLines(outputBody(g, u));
      lines.set(u, l);
    }
    return l;
  };
  // Steps looked back over, in all: a run of many such sentences must not scan WINDOW steps for each.
  let budget = MAX_SCANNED;
  /** The record step v could see that holds what it says `ids`' thing lacks, and the line holding it. */
  const heldIn = (v: number, ids: string[], noun: string[]) => {
    for (let u = v - 1; u >= 0 && u >= v - WINDOW && budget > 0; u--, budget--) {
      if (!isToolOutput(g, u)) continue;
      const record = recordOf(u);
      if (!record) continue;
      const head = record.slice(0, HEAD_LINES).filter((l) => ID_KEY.test(l.key));
      const id = ids.find((x) => head.some((l) => bare(l.value) === bare(x)));
      if (!id || !prov.visible(u, v)) continue;
      // The thing's newest record decides: an older one may predate a change.
      const held = heldUnder(record, noun);
      return held ? { u, id, held } : null;
    }
    return null;
  };
  for (let v = 0; v < g.n && budget > 0; v++) {
    if (!isAgentUtterance(g, v) || g.steps[v].kind === "tool_call" || g.wrapper[v]) continue;
    const text = claimPart(stepText(g.steps[v]), observationAt(g.steps[v].attributes)).slice(0, MAX_TEXT);
    if (!MAY_DENY_RE.test(text)) continue;
    let claims = 0;
    for (const m of allMatches(ABSENCE_RE, text)) {
      if (++claims > MAX_CLAIMS) break;
      const noun = nounWords(m[1] ?? m[2] ?? m[3]);
      if (!noun.length || isParticiple(noun[1])) continue;
      const ids = [...allMatches(ID_RE, sentenceOf(text, m.index!))]
        .map((x) => x[0])
        .filter((x) => /\d/.test(x) && bare(x).length >= MIN_ID)
        .slice(0, 4);
      const hit = ids.length ? heldIn(v, ids, noun) : null;
      if (!hit) continue;
      const { u, id, held } = hit;
      out.push({
        step: v,
        name: "contradicts-output",
        score: OUTPUT_SCORE.contradiction,
        value: `a:${bare(id)}:${held.key}`,
        quote: m[0],
        against: u,
        reachesAnswer: false,
        note: `says ${id} has no ${noun.join(" ")}, but step ${u + 1}, its record, shows ${held.key}: ${held.value.slice(0, 60)}`,
      });
      break;
    }
  }
  return out;
}

/** The sentence around position `at`: from the last ". ", "! ", "? " or line break before it to the next. */
function sentenceOf(text: string, at: number): string {
  let start = at;
  while (start > 0 && at - start < 400 && !/[.!?\n]/.test(text[start - 1])) start--;
  let end = at;
  while (end < text.length && end - at < 400 && !/[.!?\n]/.test(text[end])) end++;
  return text.slice(start, end);
}
