/**
 * The alternative suite's own wording: several paraphrase families for each thing an agent says
 * (asking, reporting a value, adding up, approving, ruling, claiming an action done). Written for
 * this suite; shares no sentence with the first generator's bank.
 */
import type { AltRng } from "./rng";

type Fill = Record<string, string>;

function fill(template: string, f: Fill): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => f[k] ?? `{${k}}`);
}

export function say(rng: AltRng, bank: readonly string[], f: Fill): string {
  return fill(rng.one(bank), f);
}

export const ASK_SUM = [
  "What was the combined {label} of {list} during {scope}?",
  "Give me the total {label} across {list} for {scope}.",
  "For {scope}, add up the {label} of {list} and report one figure.",
  "I need a single number: {label}, {list} together, {scope} only.",
];
export const ASK_FACT = [
  "What is the {label} of {entity}?",
  "Please find out the {label} for {entity}.",
  "Quick question about {entity}: what's its {label}?",
];
export const ASK_FLAG = [
  "Is {entity} {question}? Answer yes or no.",
  "Can you confirm whether {entity} is {question}?",
];
export const ASK_PRODUCT = [
  "Using {scope} figures, what is the {result} for {entity} ({label} times the {rate})?",
  "Compute the {result} for {entity} in {scope}: multiply its {label} by the {rate}.",
];
export const ASK_ACTION = [
  "Please {verb} {object} for {entity} on {date} and confirm once it is done.",
  "Can you {verb} {object} at {entity} for {date}? Let me know when it's confirmed.",
];

export const GO_LOOKUP = [
  "Checking {entity} first.",
  "Pulling the record for {entity}.",
  "Let me query {tool} for {entity}.",
  "Fetching {entity}.",
  "",
];

/** A value relayed as the reporter read it (or, on a faulty run, as it wrote it). */
export const REPORT_VALUE = [
  "{entity}: {value}.",
  "The {label} for {entity} comes to {value}.",
  "{entity} recorded {value} ({label}).",
  "{entity} — {label}: {value}",
  "For {entity} I have {value}.",
  "Result for {entity}: {label} is {value}.",
];
export const REPORT_FACT = [
  "The {label} of {entity} is {value}.",
  "{entity}'s {label}: {value}.",
  "The registry returned {value} as the {label} for {entity}.",
  "Looked it up — {value}.",
];
export const REPORT_FLAG = [
  "{answer}: according to the record, {entity} {is} {question}.",
  "{answer}, {entity} {is} {question}.",
  "The register says {answer_lower} — {entity} {is} {question}.",
];

export const SUM = [
  "Adding them: {parts} = {total}.",
  "{parts} gives {total} in total.",
  "Combined {label}: {total} ({parts}).",
  "Summing the figures, {parts} = {total}.",
];

export const FINAL = [
  "Final answer: {value}",
  "Answer — {value}.",
  "The {label} is {value}.",
  "FINAL ANSWER: {value}",
  "Reporting back: {value}.",
  "Done. {value} is the figure you asked for.",
];

export const APPROVE_RESTATING = [
  "Checked: {value} is consistent with the figures above. Approved.",
  "Verified {value}. Good to go.",
  "I agree with {value}; approving.",
  "{value} looks right to me — approved.",
];
export const APPROVE_BARE = [
  "LGTM, ship it.",
  "Looks fine. Approved.",
  "No issues from my side — go ahead.",
  "Approved, publish it.",
  "All good, sign-off given.",
  "Fine by me. Ship.",
];
export const ASK_REVISION = [
  "Before I approve: please state the unit explicitly.",
  "Small thing — name the period in the sentence, then I'll sign off.",
  "Can you put the figure in one clear sentence? Otherwise fine.",
];

export const DELEGATE = [
  "{target}, please get the {label} for {entity}{scope}.",
  "Assigning to {target}: {label} of {entity}{scope}.",
  "@{target} look up {entity}'s {label}{scope} and report back.",
];
export const DELEGATE_ACTION = [
  "{target}, please {verb} {object} for {entity} on {date}.",
  "@{target} handle the booking: {verb} {object} at {entity}, {date}.",
];

export const CLAIM_DONE = [
  "Done — {object} at {entity} is booked for {date}; confirmation sent.",
  "Successfully completed: {entity}, {date}, {object} reserved.",
  "All set. The {object} for {entity} on {date} is confirmed.",
];
export const REPORT_FAILED = [
  "The booking for {entity} on {date} did not go through: {reason}.",
  "Could not {verb} {object} at {entity} for {date} ({reason}).",
];

export const PROPOSE = ["My position: {value}. {why}", "I put forward {value}. {why}", "{value} — {why}"];
export const CONCUR = [
  "I agree with {other}: {value}.",
  "Same conclusion as {other}, {value}.",
  "No objection to {other}'s {value}.",
];
export const RULE = [
  "Having heard both sides, the answer is {value}.",
  "Verdict: {value}.",
  "I rule for {value}; it is the better-supported figure.",
  "Decision: {value}. Closing the debate.",
];

export const BOARD_WRITE = [
  "Posted {key} = {value} to the board.",
  "board[{key}] := {value}",
  "Saved {value} under {key}.",
];
export const PRODUCT = [
  "{a} × {b} = {result}.",
  "Multiplying {a} by {b} gives {result}.",
  "The calculator returns {result} for {a} × {b}.",
];
export const USE_CALC = ["Computing {expr}.", "Let me have the calculator do {expr}.", "Running {expr}."];

/** Tool failures as tools print them. */
export const TOOL_ERRORS = [
  '{"error": "upstream timeout after 30s"}',
  "HTTP 503 Service Unavailable",
  "ERROR: record not found for the given key",
  '{"status": "error", "message": "rate limit exceeded"}',
];
export const ACTION_FAILURES = ["no capacity left on that date", "the slot is already taken", "permission denied"];

/** Remarks with numbers that carry no claim about the task. */
export const ASIDES = [
  "(query took 412 ms)",
  "Cache was warm, 3 hits.",
  "Note: the service returned page 1 of 1.",
  "",
  "",
];
