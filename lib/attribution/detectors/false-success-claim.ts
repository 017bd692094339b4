/**
 * False success claims: a step asserts success ("executed successfully", "verified", ✅) while the
 * tool output it relies on failed or came back empty (or the reply to its own call did, from a speaker
 * heard too rarely to be classified), or with no tool evidence at all, or (an agent wrapper) while its
 * own steps only wrote results and never read, computed or checked anything.
 */
import type { Detector, DetectorHit } from "./types";
import {
  STATED_FAILURE_RE,
  reportsFailure,
  claimsSuccess,
  isAgentUtterance,
  isObservation,
  isToolOutput,
  subtreeOf,
  toolEmpty,
  toolFailed,
} from "./patterns";
import { stepText } from "../build-graph";
import { stripCode } from "../text-features";
import { FIRST_PERSON_RE, MIN_ENVIRONMENT_STEPS, answersRunRequest } from "../model/participants";

/**
 * An action reported as done: "the table is booked", "your refund has been processed", "the email
 * was sent", "the order went through". Read as a success claim only right after a failed tool output.
 * Not "created" or "updated": after a failed run, that is how an agent reports the fix it wrote.
 */
const DONE_VERB = /(?:booked|reserved|scheduled|sent|shipped|placed|processed|submitted|cancell?ed|refunded|deployed)/;
const ACTION_DONE_RE = new RegExp(
  `\\b(?:is|are|has been|have been|was|were|has|have) (?:now |successfully )?(?:[a-z]+ and )?${DONE_VERB.source}\\b` +
    "|\\bwent through\\b|\\b(?:sent|delivered|shipped|deployed) to (?:all|every|each|the|your)\\b",
  "i",
);
/**
 * A report that says the action did not happen ("was sent but timed out") claims nothing; nor one that
 * tells of a setback in so many words ("Unfortunately, the certificate is not available", "there seems
 * to be an issue"): what it reports done is another action, the failed one is owned up to.
 */
const ACKNOWLEDGED_RE =
  /\b(?:fail(?:ed|ure)?|error|unable|could not|couldn't|did not|didn't|not (?:been )?(?:sent|booked|processed)|timed out|unfortunately|(?:not|no longer) available|unavailable|there (?:is|was|seems to be|appears to be) (?:still )?(?:an? )?(?:issue|problem))\b/i;
/** A lookup that found nothing: acting on its record afterwards reports what does not exist. */
const NOT_FOUND_RE =
  /\b(?:no (?:record|result|match|entry|order|item|user|account|booking)s? (?:was |were )?found|not found|does not exist|doesn't exist|no such)\b/i;

/** The claim is checked against the most recent tool output within this many steps. */
const LOOKBACK = 4;

export const detectFalseSuccessClaim: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  let sawToolOutput = false;
  const runHasTools = hasToolOutput(g);
  const spoken = stepsPerAgent(g);
  for (let i = 0; i < g.n; i++) {
    if (isToolOutput(g, i)) {
      sawToolOutput = true;
      continue;
    }
    if (!isAgentUtterance(g, i)) continue;
    let last = -1;
    for (let j = i - 1; j >= Math.max(0, i - LOOKBACK); j--)
      if (isToolOutput(g, j)) {
        last = j;
        break;
      }
    // What the claim would be held against, read before the claim itself: most steps have nothing
    // that could make a claim false, and reading the claim is the costly part.
    if (!mayContradict(g, i, last, !sawToolOutput && runHasTools, spoken)) continue;
    // A program's own words inside a code block ("print('Saved successfully!')", a "# verified"
    // comment) are what it will say when it runs, not the writer reporting that it ran.
    const text = stripCode(stepText(g.steps[i]).slice(0, 6000));
    const claims = claimsSuccess(text);
    // An action reported done ("the table is booked") claims success only against a failed call.
    const reportsDone = !claims && ACTION_DONE_RE.test(text) && !ACKNOWLEDGED_RE.test(text);
    if (!claims && !reportsDone) continue;
    const id = g.steps[i].id;
    const own = g.wrapper[i] ? subtreeOf(g, i) : null;
    let failed = -1;
    if (own && !own.some((v) => isObservation(g, v))) {
      // An agent reporting its work done whose own steps never read, computed or looked at anything.
      hits.push(
        hit(
          i,
          0.7,
          [id, ...own.map((v) => g.steps[v].id).slice(0, 5)],
          "claims success, but its own steps only wrote results: nothing was read, computed or checked",
        ),
      );
    } else if (last >= 0 && toolFailed(g, last)) {
      hits.push(
        hit(i, 0.85, [id, g.steps[last].id], `claims success right after tool output ${g.steps[last].id} failed`),
      );
    } else if ((failed = failedReply(g, i, spoken)) >= 0) {
      hits.push(
        hit(
          i,
          0.85,
          [id, g.steps[failed].id],
          `claims success right after the reply to its call, ${g.steps[failed].id}, reported failure`,
        ),
      );
    } else if (reportsDone && last >= 0 && NOT_FOUND_RE.test(stepText(g.steps[last]).slice(0, 400))) {
      hits.push(
        hit(
          i,
          0.85,
          [id, g.steps[last].id],
          `reports the action done right after tool output ${g.steps[last].id} found nothing`,
        ),
      );
    } else if (reportsDone) {
      continue;
    } else if (last >= 0 && toolEmpty(g, last)) {
      hits.push(hit(i, 0.7, [id, g.steps[last].id], `claims success over the empty tool output ${g.steps[last].id}`));
    } else if (!sawToolOutput && i > 0 && runHasTools) {
      hits.push(hit(i, 0.4, [id], "claims success before any tool output exists to support it"));
    }
  }
  return hits;
};

/**
 * Whether anything could make a success claim at step i false (each branch of the detector): its own
 * steps as a wrapper, the latest tool output (failed, empty, or found nothing), a failed reply to its
 * call, or no tool output yet in a run that has some (`early`).
 */
function mayContradict(
  g: Parameters<Detector>[0]["g"],
  i: number,
  last: number,
  early: boolean,
  spoken: Int32Array,
): boolean {
  if (g.wrapper[i] || (early && i > 0)) return true;
  if (
    last >= 0 &&
    (toolFailed(g, last) || toolEmpty(g, last) || NOT_FOUND_RE.test(stepText(g.steps[last]).slice(0, 400)))
  )
    return true;
  return failedReply(g, i, spoken) >= 0;
}

/**
 * The reply to the claimer's own call, spoken by someone who spoke too rarely for the participants'
 * classification to call it an environment (a terminal that answered once or twice): the step just
 * before the claim, by that speaker, answering a call the claimer wrote, in no one's own voice, and
 * stating a failure. A speaker with more steps was judged by its pattern; that judgement stands. −1
 * when there is none.
 */
function failedReply(g: Parameters<Detector>[0]["g"], i: number, spoken: Int32Array): number {
  const j = i - 1;
  if (j < 1 || g.wrapper[j] || g.agentOf[j] === g.agentOf[i] || isToolOutput(g, j)) return -1;
  if (spoken[g.agentOf[j]] >= MIN_ENVIRONMENT_STEPS) return -1;
  if (g.agentOf[j - 1] !== g.agentOf[i] || !answersRunRequest(g, j)) return -1;
  const text = stepText(g.steps[j]).slice(0, 4000);
  if (FIRST_PERSON_RE.test(text)) return -1;
  return reportsFailure(text) || STATED_FAILURE_RE.test(text) ? j : -1;
}

function stepsPerAgent(g: Parameters<Detector>[0]["g"]): Int32Array {
  const out = new Int32Array(g.agentNames.length);
  for (let v = 0; v < g.n; v++) if (!g.wrapper[v]) out[g.agentOf[v]]++;
  return out;
}

function hasToolOutput(g: Parameters<Detector>[0]["g"]): boolean {
  for (let i = 0; i < g.n; i++) if (isToolOutput(g, i)) return true;
  return false;
}

function hit(step: number, score: number, stepIds: string[], note: string): DetectorHit {
  return {
    step,
    name: "false-success-claim",
    score,
    mast: "FM-3.3 incorrect verification",
    evidence: { stepIds, note },
  };
}
