/**
 * Shared lexicons and step predicates for the detectors. Patterns are about the *shape* of agent
 * and tool text (exit codes, tracebacks, success words), never about a specific system or dataset.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { resultAt } from "../../trace/canonical-attributes";
import { isEmptyLiteral } from "../../text/linear-text";
import { hasCode } from "./code-layout";

/**
 * Failure words of tool output in general (shells, interpreters, HTTP). A system's own failure
 * phrasing is the importer's to map: AG2's "exitcode: 1 (execution failed)" becomes a `tool_result`
 * with `status: "error"` (lib/importers/chat/map-ag2-messages.ts), which `toolFailed` reads first.
 */
export const TOOL_FAILURE_RE =
  /exit ?code:? ?[1-9]|traceback \(most recent call last\)|\bHTTP(?: error)? [45]\d\d\b|command not found|no such file or directory|permission denied|timed out/i;
/**
 * An exception's name as a runtime prints it ("ValueError:", "FileConversionException:"): capitalised,
 * so case matters here. Read without case, any word ending in "error:" matched, a page's JavaScript
 * ("fromOnError:") among them.
 */
const EXCEPTION_NAME_RE = /\b[A-Z][a-zA-Z]*(?:Error|Exception):/;

/** Whether a tool's output reports its own failure in the runtime's words (TOOL_FAILURE_RE, an exception's name). */
export const reportsFailure = (text: string): boolean => TOOL_FAILURE_RE.test(text) || EXCEPTION_NAME_RE.test(text);

/**
 * A tool output that states its own failure where tools put their status: an object's error field
 * (`"error": "…"`), a status field or `key: value` line (`"status": "failed"`, `status: failed` as
 * importers flatten JSON), or a leading verdict ("Error: …", "Request rejected: …"). Read only on
 * tool outputs; linear (no nested quantifiers).
 */
export const STATED_FAILURE_RE =
  /[{,]\s*"(?:error|error_message|errormessage)"\s*:\s*(?:"(?!(?:none|null|false|no|ok)")[^"\s]|\{|true)|(?:^|[\n{,])[ \t]*"?(?:status|state|outcome)"?\s*:\s*"?(?:error|errored|fail|failed|failure|rejected|denied|refused)\b|^\s*(?:(?!(?:no|not|nothing|zero|none)\b)[a-z]+ )?(?:error|failed|failure|rejected|denied|refused)\s*[:!.\u2014-]/i;

/** Failures of the service rather than of the call: server errors, unavailability, dropped connections. */
export const TRANSIENT_FAILURE_RE =
  /\bHTTP(?: error)? 5\d\d\b|\b5(?:00|02|03|04)\b.{0,40}(?:error|unavailable|gateway|timeout)|service (?:temporarily )?unavailable|bad gateway|temporarily unavailable|connection (?:refused|reset)|rate limit/i;

/**
 * An output that carries nothing: no text, or an empty literal (`[]`, `{}`, `None`, `null`,
 * `set()`, `''`), as the whole text or as the whole output body after the source's framing (the
 * importer's `culprit.result_at`: "exitcode: 0\nCode output: " printed nothing). A search that
 * returns an empty list found nothing.
 */
// Tested by a single scan (isEmptyLiteral), not a regex: `^\s*(?:literal)?\s*$` splits a run of
// blanks between its two `\s*` in every way, so 300 KB of blank program output cost 40 s.

export const SUCCESS_CLAIM_RE =
  /^\s*(?:done|all done)\s*[!\u2014\u2013:-]|\b(?:successfully|executed successfully|has been (?:verified|confirmed|completed|solved)|all tests pass(?:ed)?|(?:task|problem) (?:is )?(?:complete|completed|solved|done)|works as expected|verified|confirmed)\b|[✅✓✔]/iu;

/**
 * "Successfully" inside an intention claims nothing: a purpose ("to successfully complete the task",
 * "in order to finish it successfully", "so that we can …"), a modal ("we will successfully …", "it
 * should be successfully saved") or a negation ("was not successfully created"). A past ability is a
 * report and stays a claim ("I was able to successfully run it", "managed to successfully …"). A
 * requirement ("required for the code to run successfully"), a modal a few words before it ("the code
 * can execute successfully", "it should be able to run successfully") and a check still to make ("test it to ensure the handler works as
 * expected") claim nothing either. Each branch reads at most a bounded clause, so the whole scan stays linear.
 */
const INTENDED_SUCCESS_RE =
  /(?<!\b(?:was|were|been) able |\bmanaged )\bto (?:be )?successfully\b|(?:\b(?:can|cannot|could|will|would|shall|should|must|may|might|not|never)|n't|'ll)(?: be| been| have been)? successfully\b|(?:^|[.!?;\n]) *(?:in order )?to [^,.;:!?\n]{0,80}?\bsuccessfully\b|\b(?:in order to|so as to|so that) [^,.;:!?\n]{0,80}?\bsuccessfully\b|\bfor [^,.;:!?\n]{1,60}? to [a-z]+ successfully\b|\b(?:can|cannot|could|will|would|shall|should|must|may|might) (?:not )?(?:[a-z]+ ){1,4}successfully\b|\b(?:ensure|make sure|check|verify|test) (?:that |whether |if )?[^,.;:!?\n]{0,80}?\b(?:successfully|works as expected)\b/gi;

/**
 * "Successfully" in a judgement of how a piece of writing reads ("the poem successfully conveys the
 * mood", "it successfully captures the spirit of the city") is a critic's view of its content, not a
 * report that a step ran. A verb that can tell of a program's work ("handles", "creates") is not one.
 */
const WRITING_QUALITY_RE =
  /\bsuccessfully (?:conveys|evokes|portrays|depicts|paints|expresses|illustrates|blends|balances|captures the (?:essence|spirit|mood|feel|atmosphere|beauty))\b/gi;

/**
 * "Verified" / "confirmed" that reports nothing the writer did: a condition on a later step ("once
 * verified, I can pull your order", "once the chapter titles are confirmed"), the person addressed
 * doing it ("you've confirmed it's just this item"), a quality a plan asks of what it will deliver
 * ("provide the verified surname", "a verified numeric answer"), something still to be done ("it can
 * be verified", "to ensure the name is confirmed"). The writer states a plan or repeats the other
 * side's words; no step of its own is claimed to have worked. Each branch reads a bounded phrase.
 */
const NOT_OWN_CHECK_RE =
  /\b(?:once|when|after|until|unless|if|as soon as) (?:[\w'’-]+ ){0,4}?(?:is|are|has been|have been|gets|get|have|has|be) (?:verified|confirmed)\b|\b(?:once|when|after|until|unless|if|as soon as) (?:verified|confirmed)\b|\byou(?:['’]ve| have| had)? (?:already |just )?(?:verified|confirmed)\b|\b(?:the|a|an|any|all|their|its|our|your) (?:[\w-]+ (?:and )?)?(?:verified|confirmed) (?!(?:by|that|with|it|this|the|a|an|to|in|on|as|and)\b)[a-z]|\b(?:can|could|should|must|will|would|may|might|to|needs? to)(?: (?:only|also|then|still|first|easily))? be (?:[\w-]+ )?(?:verified|confirmed)\b|\bensure [^.!?\n]{0,80}?(?:verified|confirmed)\b/gi;

/**
 * Whether a text claims success (SUCCESS_CLAIM_RE), with "successfully" in an intention or in a
 * judgement of writing not counted, nor "verified" / "confirmed" in a condition or said of the addressee.
 */
export function claimsSuccess(text: string): boolean {
  if (!SUCCESS_CLAIM_RE.test(text)) return false;
  return SUCCESS_CLAIM_RE.test(
    text.replace(INTENDED_SUCCESS_RE, " ").replace(WRITING_QUALITY_RE, " ").replace(NOT_OWN_CHECK_RE, " "),
  );
}

export const APPROVAL_RE =
  /\b(?:approved?|lgtm|looks good|verified|is correct|are correct|confirmed|i agree|no issues|all checks pass(?:ed)?|everything is correct)\b/i;

/** "Whether the path is correct", "if the figures are correct": a question about it, not an approval. */
const ASKED_CORRECT_RE = /\b(?:whether|if)\b[^.!?\n]{0,80}?\b(?:is|are) correct\b/gi;
/** "Looks good overall, but … is missing": a reservation, the review's finding, not an approval. */
const RESERVED_APPROVAL_RE = /\b(?:looks good|lgtm|is correct|are correct)\b[^.!?\n]{0,40}?\bbut\b/gi;
/**
 * "I agree with your suggestion", "I agree with the Programmer's response to create a file": taking
 * up a proposal is a decision about what to do next, not an approval of work done.
 */
const AGREED_PROPOSAL_RE =
  /\bi agree with (?:your|the|this|that|their|his|her|(?:the )?[\w-]+['’]s) (?:[\w-]+ ){0,2}?(?:suggestion|proposal|idea|plan|choice|recommendation|approach|decision|response|point)s?\b/gi;

/**
 * Whether a text approves (APPROVAL_RE), with "verified" / "confirmed" in a plan or a condition
 * (NOT_OWN_CHECK_RE: "can only be confirmed after …"), "is correct" asked about ("whether the path
 * is correct") and an approval with a reservation ("looks good overall, but …") not counted.
 */
export function approves(text: string): boolean {
  if (!APPROVAL_RE.test(text)) return false;
  return APPROVAL_RE.test(
    text
      .replace(NOT_OWN_CHECK_RE, " ")
      .replace(ASKED_CORRECT_RE, " ")
      .replace(RESERVED_APPROVAL_RE, " ")
      .replace(AGREED_PROPOSAL_RE, " "),
  );
}

export const REJECTION_RE =
  /\b(?:incorrect|is wrong|not correct|doesn't match|does not match|mistake|discrepanc\w*|inconsistent|reject(?:ed)?|needs? (?:to be )?(?:fixed|corrected|revised)|there is an error|failed to)\b/i;

/**
 * The writer says the work is not finished: "the search is not complete", "we haven't yet found
 * it". A critic that confirms a fact on the way ("verified: the shop's page opened") while
 * saying this is reporting progress, not approving the work; so is one whose decision is to go on
 * ("we need to continue", a status of "continue").
 */
export const NOT_DONE_RE =
  /\b(?:(?:is|are) not (?:yet )?(?:complete|completed|done|finished|solved)|incomplete|(?:have|has)(?: not|n't) yet|(?:need|needs|should|must) (?:to )?continue)\b|["']continue["']/i;

/**
 * A message that is only "done" / "finished": plain English for ending the work. A system's own
 * closing keyword ("TERMINATE") is the importer's to mark (`culprit.closes_run`).
 */
export const DONE_RE = /^\s*(?:done|finished)\.?\s*$/i;

export const GIVE_UP_RE =
  /\b(?:unable to|cannot (?:determine|find|be determined)|could not (?:find|determine)|not (?:available|found)|no (?:data|information) (?:available|found))\b/i;

/** A step that carries a tool's output (a tool result, or a tool call whose result is recorded). */
export function isToolOutput(g: EngineGraph, i: number): boolean {
  const s = g.steps[i];
  return (
    s.kind === "tool_result" ||
    (s.kind === "tool_call" && s.tool?.result !== undefined) ||
    g.toolAgents.has(g.agentOf[i])
  );
}

/** Whether a tool output failed: explicit status/error, or failure text in the output. */
export function toolFailed(g: EngineGraph, i: number): "status" | "text" | null {
  // A wrapper's error status summarizes its children (or the run's verdict); the children carry their own.
  if (g.wrapper[i]) return null;
  const s = g.steps[i];
  if (s.status === "error" || s.error) return "status";
  if (!isToolOutput(g, i)) return null;
  return failureInText(g, i) ? "text" : null;
}

/**
 * Per graph, whether each step's text reads as a failed tool output (0: not read yet, 1: no, 2: yes).
 * It depends on the text alone, which never changes, and several detectors ask about each output.
 */
const failureText = new WeakMap<EngineGraph, Uint8Array>();

function failureInText(g: EngineGraph, i: number): boolean {
  let memo = failureText.get(g);
  if (!memo) failureText.set(g, (memo = new Uint8Array(g.n)));
  if (memo[i] === 0) {
    const s = g.steps[i];
    const text = stepText(s).slice(0, 4000);
    memo[i] = reportsFailure(text) || STATED_FAILURE_RE.test(outputStart(s, text)) ? 2 : 1;
  }
  return memo[i] === 2;
}

/**
 * Whether a failed tool output is the service saying no (a stated refusal or error status, an
 * outage) rather than the call breaking (a traceback or exception from code the caller wrote).
 */
export function failureStatedByService(g: EngineGraph, i: number): boolean {
  if (!isToolOutput(g, i) || !toolFailed(g, i)) return false;
  const s = g.steps[i];
  const body = outputStart(s, stepText(s).slice(0, 4000));
  if (CRASH_RE.test(body)) return toolFailureTransient(g, i);
  return STATED_FAILURE_RE.test(body) || toolFailureTransient(g, i);
}

/** Code that broke: a traceback, a named exception, a shell that could not run the command. */
const CRASH_RE =
  /[Tt]raceback \(most recent call last\)|\b[A-Z][a-zA-Z]*(?:Error|Exception):|command not found|no such file or directory/;

/**
 * Where a tool output's own text begins: after the source's framing (`culprit.result_at`), if any;
 * for a call that carries its result, where the result begins (after the call's own text).
 */
function outputStart(s: EngineGraph["steps"][number], text: string): string {
  const at = resultAt(s.attributes);
  if (at) return text.slice(at);
  return s.kind === "tool_call" && s.tool?.result ? s.tool.result.slice(0, text.length) : text;
}

/** Whether a failed tool output failed because of the service, not the call (see TRANSIENT_FAILURE_RE). */
export function toolFailureTransient(g: EngineGraph, i: number): boolean {
  const s = g.steps[i];
  return TRANSIENT_FAILURE_RE.test(`${s.error?.type ?? ""} ${s.error?.message ?? ""} ${stepText(s).slice(0, 2000)}`);
}

/**
 * Tools an agent calls to write a note to itself (a "think" or scratchpad tool): they fetch nothing
 * and change nothing, so nothing is what they return, not a lookup that came back empty.
 */
const NOTE_TOOL_RE = /^(?:think|thinking|reflect|reflection|scratch_?pad|note_?to_?self)$/i;

/** The name of the tool whose output step i is: its own, else its call's; undefined when unnamed. */
export function calledTool(g: EngineGraph, i: number): string | undefined {
  const own = g.steps[i].tool?.name;
  if (own) return own;
  const caller = callerOf(g, i);
  return caller !== i && g.steps[caller].kind === "tool_call" ? g.steps[caller].tool?.name : undefined;
}

/** Whether a tool output is empty where content was expected (a note-to-self tool expects none). */
export function toolEmpty(g: EngineGraph, i: number): boolean {
  if (!isToolOutput(g, i)) return false;
  const s = g.steps[i];
  const body = resultAt(s.attributes);
  const empty = isEmptyLiteral(stepText(s)) || (body !== undefined && isEmptyLiteral(s.content.slice(body)));
  if (!empty) return false;
  // A blank turn the environment takes after an agent's prose ran nothing, so returned nothing of it.
  if (answersNoRun(g, i)) return false;
  // Only an empty output asks which tool it came from: most outputs are not, and need no caller lookup.
  const tool = calledTool(g, i) ?? restatedTool(g, i);
  if (NOTE_TOOL_RE.test(tool ?? "")) return false;
  // The first letter lower-cased, so SendEmail reads as sendEmail.
  const name = tool === undefined ? "" : tool.charAt(0).toLowerCase() + tool.slice(1);
  return !(ACTION_TOOL_RE.test(name) && NO_VALUE_RE.test(stepText(s).slice(0, 16)));
}

/**
 * Tools that act rather than fetch (approve, send_email, save_file, set_status): a function that only
 * acts has no value to give back, and `None` / `null` is how a language prints that. Read from such
 * a tool, it says the call ran, not that a lookup came back empty. A blank reply is not this: it may
 * be a call that printed nothing because it never ran.
 */
const ACTION_TOOL_RE =
  /^(?:approve|reject|accept|submit|send|notify|terminate|finish|stop|exit|save|write|log|record|set|update|delete|remove|store|mark|cancel)(?:$|[_\-.A-Z])/;
/** A printed "no value": the whole output is None or null. */
const NO_VALUE_RE = /^\s*(?:None|null)\s*$/;

/**
 * The tool a restatement names: an output whose caller is itself a named tool output (AutoGen's
 * summary of the results it just printed) speaks for that tool.
 */
function restatedTool(g: EngineGraph, i: number): string | undefined {
  const caller = callerOf(g, i);
  return caller !== i && isToolOutput(g, caller) ? g.steps[caller].tool?.name : undefined;
}

/** Characters read from the end of the step before an output for a run it asks for. */
const ASKED_SCAN = 4000;
/** Own steps skipped back to the request: a batch of outputs answers the batch of calls before it. */
const ASKED_BATCH = 64;
/** What asks for a run in a message: a code block, or a call written into the text. */
const RUN_ASKED_RE = /```|\b(?:tool|function) call:/i;

/**
 * Whether step `i` is an environment speaker's message that answers no request to run anything: a
 * message is output only as its speaker's answer to a run, and a turn it takes after an agent's prose
 * (a person pressing enter, an empty auto-reply) is neither an output that returned nothing nor a
 * successful one.
 */
export function answersNoRun(g: EngineGraph, i: number): boolean {
  return g.steps[i].kind === "message" && isToolOutput(g, i) && !answersRunAsked(g, i);
}

/** Whether the other speaker's step before output `i` (past its own batch) calls a tool or writes code to run. */
function answersRunAsked(g: EngineGraph, i: number): boolean {
  let u = i - 1;
  for (let own = 0; u >= 0 && (g.wrapper[u] || (g.agentOf[u] === g.agentOf[i] && own < ASKED_BATCH)); u--)
    if (!g.wrapper[u]) own++;
  if (u < 0 || g.agentOf[u] === g.agentOf[i]) return false;
  const s = g.steps[u];
  if (s.kind === "tool_call") return true;
  const text = s.content ?? "";
  return RUN_ASKED_RE.test(text.length > ASKED_SCAN ? text.slice(-ASKED_SCAN) : text);
}

/**
 * Whether a tool output is empty with no answer in it. A named tool (a service's function, called
 * with arguments) whose whole reply is an empty list or object (`[]`, `{}`, `set()`) answered "none
 * found": a search for direct flights on a day with none did not fail. Code the caller wrote and
 * ran is another matter: its printout is what the caller's own code computed, and printing an empty
 * list where it meant to show data is still nothing. So are a blank reply, `None` and `null` from
 * any tool. (Either is still `toolEmpty`: success claimed over it, or facts read from it, are read
 * as over nothing.)
 */
export function toolReturnedNothing(g: EngineGraph, i: number): boolean {
  if (!toolEmpty(g, i)) return false;
  if (!isEmptyCollection(stepText(g.steps[i]))) return true;
  const tool = calledTool(g, i);
  return tool === undefined || CODE_RUNNER_RE.test(tool);
}

/**
 * A tool that runs the code it is given (run_python, execute_code, bash): its output is the code's
 * printout. A whole word for the short names, so a service's "get_zip_code" or "shellfish_menu" is none.
 */
const CODE_RUNNER_RE =
  /python|jupyter|interpreter|notebook|terminal|bash|(?:^|[^a-z])(?:exec|execute|shell|repl|run_?code)(?:$|[^a-z])|code_?(?:exec|run)/i;

/** An empty list, object or set, as written (blanks around and inside allowed). */
function isEmptyCollection(text: string): boolean {
  if (!isEmptyLiteral(text)) return false;
  const t = text.trimStart();
  return t.startsWith("[") || t.startsWith("{") || t.startsWith("set(");
}

/**
 * How a code runner opens its report: AutoGen's executor ("exitcode: 1 (execution failed)"), or the
 * interpreter's own crash, which only running code prints (a test harness's report of a program).
 */
const RAN_CODE_RE = /^\s*(?:exitcode: ?-?\d|Traceback \(most recent call last\):)/;
/** Steps a code runner's output is traced back over to the code it ran. */
const MAX_CODE_BACK = 12;

/**
 * The step whose code a chat's code runner ran: the latest agent step (not a task giver's) with
 * code (fenced or laid out as code, `code-layout.ts`) since the runner last spoke, or −1; outputs in
 * a row count as one (ChatDev logs each test report twice). A runner in a chat (AutoGen's executor,
 * Magentic-One's terminal) runs the latest code block in the conversation, and the turn right before
 * it is often a critic's or an orchestrator's ("Please run the code above"), not the code's author.
 */
function codeAuthor(g: EngineGraph, i: number): number {
  if (!g.toolAgents.has(g.agentOf[i])) return -1;
  if (!CODE_RUNNER_RE.test(g.steps[i].agent) && !RAN_CODE_RE.test(g.steps[i].content ?? "")) return -1;
  // Outputs in a row ran the same code: nobody gave the runner anything new in between.
  let first = i;
  while (first > 0 && i - first < MAX_CODE_BACK && g.agentOf[first - 1] === g.agentOf[i]) first--;
  for (let j = first - 1; j >= 0 && first - j <= MAX_CODE_BACK; j--) {
    if (g.agentOf[j] === g.agentOf[i]) return -1;
    // A task giver's prompt that quotes the code (a framework's phase template) did not write it.
    if (issuesNoCalls(g, j) || g.steps[j].kind === "tool_result") continue;
    if (hasCode(g.steps[j].content ?? "")) return j;
  }
  return -1;
}

/** A tool or a task giver speaks at step v: it runs what it is given, or poses the work; it issues no call. */
const issuesNoCalls = (g: EngineGraph, v: number) => g.toolAgents.has(g.agentOf[v]) || g.taskGivers.has(g.agentOf[v]);

/**
 * The step responsible for a tool output: tools run what they are given, so a failure belongs to
 * the step that issued the call. Structural parent first, then (in a chat) the step whose code a
 * code runner ran, then the latest incoming edge from a non-tool agent, then the nearest earlier
 * non-tool step.
 */
export function callerOf(g: EngineGraph, i: number): number {
  const s = g.steps[i];
  if (s.kind === "tool_call" && !g.toolAgents.has(g.agentOf[i])) return i;
  if (s.parentId !== undefined) {
    const p = g.indexOf.get(s.parentId);
    if (p !== undefined && !g.toolAgents.has(g.agentOf[p]) && g.steps[p].kind !== "agent") return p;
  }
  const author = codeAuthor(g, i);
  if (author >= 0) return author;
  let best = -1;
  for (let k = g.inStart[i]; k < g.inStart[i + 1]; k++) {
    const from = g.edges[g.inEdges[k]].from;
    if (!issuesNoCalls(g, from) && from > best) best = from;
  }
  if (best >= 0) return best;
  for (let j = i - 1; j >= 0; j--) if (!issuesNoCalls(g, j) && g.steps[j].kind !== "tool_result") return j;
  return i;
}

/**
 * A step that speaks for an agent (not a tool output, not a state read, not the task giver, whom
 * the importer marks as `kind: "task_giver"`, not a harness's scaffolding). An agent wrapper speaks too: its text is the output
 * the agent returned (listed after its children).
 */
export function isAgentUtterance(g: EngineGraph, i: number): boolean {
  const k = g.steps[i].kind;
  return (
    !isToolOutput(g, i) &&
    k !== "state_read" &&
    i !== g.forcedAnswer &&
    !g.taskGivers.has(g.agentOf[i]) &&
    !g.scaffold[i]
  );
}

const childIndex = new WeakMap<EngineGraph, { start: Int32Array; list: Int32Array }>();

/** Children by position (compressed rows), built once per graph. */
function childrenOf(g: EngineGraph): { start: Int32Array; list: Int32Array } {
  let c = childIndex.get(g);
  if (!c) {
    const start = new Int32Array(g.n + 1);
    for (let v = 0; v < g.n; v++) if (g.parent[v] >= 0) start[g.parent[v] + 1]++;
    for (let v = 0; v < g.n; v++) start[v + 1] += start[v];
    const fill = start.slice(0, g.n);
    const list = new Int32Array(start[g.n]);
    for (let v = 0; v < g.n; v++) if (g.parent[v] >= 0) list[fill[g.parent[v]]++] = v;
    c = { start, list };
    childIndex.set(g, c);
  }
  return c;
}

/** Positions of the steps nested (by `parentId`) under wrapper w, latest first. */
export function subtreeOf(g: EngineGraph, w: number): number[] {
  const out: number[] = [];
  if (!g.wrapper[w]) return out;
  const { start, list } = childrenOf(g);
  // Most wrappers hold leaf steps only (a model call, a tool call): their children, latest first.
  let leaves = true;
  for (let k = start[w]; k < start[w + 1] && leaves; k++) leaves = start[list[k] + 1] === start[list[k]];
  if (leaves) {
    for (let k = start[w + 1] - 1; k >= start[w]; k--) out.push(list[k]);
    return out;
  }
  const stack = [w];
  const seen = new Set<number>([w]);
  while (stack.length) {
    const u = stack.pop()!;
    for (let k = start[u]; k < start[u + 1]; k++) {
      const c = list[k];
      if (seen.has(c)) continue;
      seen.add(c);
      out.push(c);
      stack.push(c);
    }
  }
  return out.sort((a, b) => b - a);
}

/** A step that takes something in (a read, a model call, a tool output), as opposed to only writing state. */
export function isObservation(g: EngineGraph, v: number): boolean {
  const s = g.steps[v];
  if (s.state?.op === "write" || s.kind === "state_write") return false;
  return s.kind !== "agent" || g.wrapper[v] === 1;
}
