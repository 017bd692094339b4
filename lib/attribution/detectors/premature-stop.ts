/**
 * A stop while work is outstanding. A system that stops its team when a keyword is mentioned
 * (AgentChat's `TextMentionTermination`; the importer marks where, `culprit.stopped_on_mention`)
 * stops on any message that holds the keyword: one that decides the work is done (the keyword on a
 * line of its own), and one that only talks about it (a plan that says it will write TERMINATE
 * later, an agent explaining that TERMINATE is another's to write). When the message that stopped
 * the team, its author's reasoning just before it, or what was said between it and the stop says
 * work is still outstanding ("still waiting on the price check", "the caterers would need to be
 * found"), the stop cut the work short, and what the team produces after it is built on what was
 * never gathered.
 *
 * The fault is the decision to stop: the author's, when the keyword stands as its decision on a
 * line of its own; otherwise the step that stopped the team on a mention (an orchestrator's stop
 * notice) when an agent speaks it, else the author's.
 */
import type { Detector, DetectorHit } from "./types";
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "./patterns";
import { claimPart } from "../text-features";
import { observationAt, stoppedOnMention } from "../../trace/canonical-attributes";
import { settingSpeakers } from "../model/participants";
import { sentenceAround } from "../claims/sentence-around";

export const PREMATURE_STOP_SCORE = 0.6;
/** Steps looked back from a stop for the message that mentioned its keyword. */
const LOOKBACK = 6;
/** Steps looked back from that message for its author's own reasoning. */
const REASONING_BACK = 3;
/** Characters of a message read. */
const MAX_TEXT = 20_000;
/** Stops examined per run (a run stops once; a log may hold a few). */
const MAX_STOPS = 20;

/**
 * Words that say work is still to be done by someone: waiting on results, work that would still be
 * needed, data not gathered yet. A handover to whoever finishes ("next step: the writer assembles
 * it") is not outstanding work, so "next step" alone does not count.
 */
const PENDING_RE =
  /\b(?:await(?:s|ing)?|wait(?:ing)? for|(?:would|still) needs? to|not yet (?:been )?(?:collected|gathered|searched|researched|found|received|returned|done|completed?|started|available)|before proceeding|yet to (?:be )?(?:collected|gathered|searched|researched|found|received|returned|done|completed?|started))\b/i;

interface Stop {
  /** The stop notice's step, or g.n when the run's own stop reason reports it. */
  at: number;
  token: string;
}

function stopsOf(g: EngineGraph): Stop[] {
  const stops: Stop[] = [];
  for (let v = 0; v < g.n && stops.length < MAX_STOPS; v++) {
    const token = stoppedOnMention(g.steps[v].attributes);
    if (token) stops.push({ at: v, token });
  }
  const runToken = stoppedOnMention(g.trace.run.attributes);
  if (runToken && stops.length < MAX_STOPS) stops.push({ at: g.n, token: runToken });
  return stops;
}

function ownText(g: EngineGraph, v: number): string {
  const s = g.steps[v];
  return claimPart(stepText(s), observationAt(s.attributes)).slice(0, MAX_TEXT);
}

/**
 * Whether the keyword stands on a line of its own (markup and punctuation aside) in the text. Each
 * line is read once, whatever the number of mentions on it.
 */
function standsAlone(text: string, token: string): boolean {
  for (const line of text.split("\n"))
    if (line.includes(token) && !WORD_CHAR.test(line.split(token).join(""))) return true;
  return false;
}
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The sentence that says work is outstanding, from the first text that holds one. */
function pendingSentence(texts: string[]): string | undefined {
  for (const t of texts) {
    const m = PENDING_RE.exec(t);
    if (!m) continue;
    const [a, b] = sentenceAround(t, m.index, m.index + m[0].length);
    return t.slice(a, b).trim().replace(/\s+/g, " ").slice(0, 200);
  }
  return undefined;
}

export const detectPrematureStop: Detector = ({ g, failed }) => {
  if (!failed || g.n === 0) return [];
  const setting = settingSpeakers(g);
  for (const { at, token } of stopsOf(g)) {
    let author = -1;
    let said = "";
    for (let v = at - 1; v >= Math.max(0, at - LOOKBACK) && author < 0; v--) {
      if (!isAgentUtterance(g, v)) continue;
      said = ownText(g, v);
      if (said.includes(token)) author = v;
    }
    if (author < 0) continue;
    const texts = [said];
    for (let v = author - 1, seen = 0; v >= 0 && seen < REASONING_BACK; v--, seen++)
      if (g.agentOf[v] === g.agentOf[author] && isAgentUtterance(g, v)) {
        texts.push(ownText(g, v));
        break;
      }
    for (let v = author + 1; v < at; v++) if (isAgentUtterance(g, v)) texts.push(ownText(g, v));
    const pending = pendingSentence(texts);
    if (!pending) continue;
    const decided = standsAlone(texts[0], token);
    const stopper = at < g.n && !decided && canDecide(g, setting, at) ? at : author;
    const authorId = g.steps[author].id;
    const note = decided
      ? `ends the team's work with "${token}" while saying work is outstanding: "${pending}"`
      : `the team stopped because ${authorId} mentioned "${token}" in passing, while work was outstanding: "${pending}"`;
    const hit: DetectorHit = {
      step: stopper,
      name: "premature-stop",
      score: PREMATURE_STOP_SCORE,
      mast: "FM-3.1 premature termination",
      evidence: { stepIds: [...new Set([g.steps[stopper].id, authorId])], note },
    };
    return [hit];
  }
  return [];
};

/** Whether an agent (not a tool, the task giver or the setting) speaks the step that reports the stop. */
function canDecide(g: EngineGraph, setting: ReadonlySet<number>, v: number): boolean {
  const a = g.agentOf[v];
  return !g.toolAgents.has(a) && !g.taskGivers.has(a) && !setting.has(a);
}
