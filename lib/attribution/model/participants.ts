/**
 * Who takes part, by behaviour rather than by name. Each speaker is one of:
 * - task-giver: the importer marked it as whoever poses the task (`kind: "task_giver"`) and it only
 *   poses it (a message or two at the start, bare "continue" turns);
 * - environment: most of what it says is tool or program output, or it answers another speaker's code or tool
 *   call in most of its steps without speaking as an agent (hardly any first person, counted leniently
 *   when every step answers a run: files and logs it prints hold some): it returns what it was given to
 *   run, however its output happens to be worded;
 * - harness: it speaks only at the run's edges (the opening or the close), says little and closes
 *   without stating an answer (a judge that speaks once, at the end, with the verdict decides), or all it
 *   writes is scaffolding: templated announcements and verbatim relays of others' answers
 *   (`scaffolding.ts`), or it opens a group run with the task and then only runs the protocol
 *   (`task-poser.ts`);
 * - simulated-user: it opens the conversation and keeps answering the one agent it talks to, across
 *   the run (an LLM playing a customer holds requirements the agent cannot check, so it can be wrong);
 * - verifier: most of its messages approve or reject;
 * - orchestrator: most of its messages address other participants by name (a whole word, not a piece of
 *   "architecture") or delegate, or it hands work to two or more participants by directed messages;
 * - worker: everyone else.
 * Environment, harness and task-giver output is evidence, not a culprit candidate (see candidates.ts).
 * A simulated user is a candidate and a suspect; what it says stays the requirement the agent works
 * from (it keeps the task giver's place in the graph), so no value it states is an agent's invention.
 */
import type { EngineGraph } from "../build-graph";
import { APPROVAL_RE, REJECTION_RE, isToolOutput } from "../detectors/patterns";
import { PROSE_CALL_RE, asksForRun, markScaffolding } from "./scaffolding";
import { quotedBefore } from "./quoted-messages";
import { speaksOnlyForProtocol } from "./protocol-voice";
import { simulatedUser } from "./simulated-user";
import { extractClaims } from "../claims/extract-claims";
import { resultStatements } from "../claims/result-statements";
import { statedRuling } from "../claims/stated-position";
import { ruleOff } from "../ablation";
import { markVerifiersByBehaviour } from "./verifiers-by-behaviour";
import { posesTaskOnly } from "./task-poser";
import { FIRST_PERSON_RE, statesOwnValue, taskContent, type TaskContent } from "./own-content";

export { FIRST_PERSON_RE } from "./own-content";

export type ParticipantKind =
  | "task-giver"
  | "harness"
  | "environment"
  | "simulated-user"
  | "orchestrator"
  | "worker"
  | "verifier";
export const PARTICIPANT_KINDS: readonly ParticipantKind[] = [
  "task-giver",
  "harness",
  "environment",
  "simulated-user",
  "orchestrator",
  "worker",
  "verifier",
];

/** Kinds whose steps are never candidates for the decisive error. */
export const NOT_CANDIDATE: ReadonlySet<ParticipantKind> = new Set(["task-giver", "harness", "environment"]);

/** Text scanned per step for the behaviour tests: the opening is where a verdict or an address sits. */
const SCAN = 600;
/** Steps read per agent: behaviour shows in its first few hundred steps, and long runs stay linear and cheap. */
const SAMPLE = 200;
/** Output lines of a program or terminal: an exit code, a traceback, a prompt, a bare result line. */
const PROGRAM_OUTPUT_RE = /^(?:exit ?code|exitcode|traceback|\$ |>>> |code output|output:|stdout|stderr|error:)/im;
/**
 * A call expression with keyword or object arguments (`lookup(city="Oslo")`, `search({…})`): in the
 * step another speaker answers, a request to run it. Not counted as a speaker's own request: program
 * output prints such expressions too (logs, tracebacks).
 */
const CALL_EXPRESSION_RE = /(?<![\w.])[a-z_][\w.]*\((?:\s*[a-z_]\w*\s*=|\s*\{)/i;
/**
 * A message sent to someone, as a log records it ("Lead sends to Alice: …") or as a chat mention opens
 * it ("@Bob …"); recipients by any name, personas too. Prose about what was sent ("the email was sent to
 * John") and letter headers ("To: Carol") are not: a worker writes those about its own work.
 */
const DIRECTED_RE = /\b(?:sends|delegates|assigns|hands)(?: \w+)? to @?([A-Z][\w-]*)|^[ \t]*@([A-Za-z][\w-]*)/m;
/** Text of the previous step read for a run request: where a call or a code block sits. */
const REQUEST_SCAN = 4000;

interface Tally {
  steps: number;
  output: number;
  verdicts: number;
  addresses: number;
  edge: number;
  /**
   * Its steps at the run's edges that put forward an answer: at the close a value or a named result
   * (a decider), at either edge a value or a name the task does not hold: not a harness.
   */
  edgeAnswers: number;
  tokens: number;
  /** Steps that answer another speaker's run request (see `asksForRun`). */
  afterRequest: number;
  /** Its own steps that ask for a run (code blocks, tool calls): what an agent does, not an environment. */
  requests: number;
  /** Its own tool calls (steps of kind `tool_call`). */
  calls: number;
  firstPerson: number;
  /** Steps the harness wrote under its name (`g.scaffold`). */
  scaffold: number;
  /** Steps that are nothing but a record: fields, a table or a JSON object (see `isRecord`). */
  records: number;
  first: number;
  /** Every step of the agent (`steps` counts the sampled ones). */
  total: number;
  /** Whom its directed messages went to ("sends to Alice:"), by the name the message uses. */
  recipients: Set<string>;
  /** The behaviour bits of the run's opening step when this speaker wrote it (sampled), else 0. */
  opening: number;
}

/** What a sampled step shows of its speaker's behaviour, read once per graph (bits of `StepFacts`). */
const PROGRAM_OUTPUT = 1;
const VERDICT = 2;
const FIRST_PERSON = 4;
const AFTER_REQUEST = 8;
const REQUEST = 16;
const ADDRESS = 32;
const EDGE_ANSWER = 64;
const SAMPLED = 128;
const RECORD = 256;

/**
 * The text tests of every sampled step, computed once per graph: markEnvironmentAsTools and the
 * classification both tally the speakers, and only what depends on who is a tool (marked in between)
 * is read afresh. None of these bits depends on that mark.
 */
const factsOf = new WeakMap<EngineGraph, Uint16Array>();

function stepFacts(g: EngineGraph): Uint16Array {
  let facts = factsOf.get(g);
  if (facts) return facts;
  facts = new Uint16Array(g.n);
  const escaped = g.agentNames
    .map((n) => n.toLowerCase())
    .filter((n) => n.length >= 3)
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // One alternation over every name, longest first: a step is scanned once, however many agents there are.
  const anyName = escaped.length ? new RegExp(`(?<![a-z0-9])(?:${escaped.join("|")})(?![a-z0-9])`, "g") : null;
  const sampled = new Int32Array(g.agentNames.length);
  let task: TaskContent | undefined;
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v]) continue;
    const a = g.agentOf[v];
    if (sampled[a]++ >= SAMPLE) continue;
    const s = g.steps[v];
    const text = (s.content || s.tool?.result || "").slice(0, SCAN);
    let f = SAMPLED;
    if (s.kind === "tool_result" || PROGRAM_OUTPUT_RE.test(text)) f |= PROGRAM_OUTPUT;
    if (isRecord(text)) f |= RECORD;
    // A verdict is the speaker's own: a tool's status it carries ("Request rejected") judges nothing.
    const said = s.kind === "tool_result" ? "" : s.content ? text : "";
    if (APPROVAL_RE.test(said) || REJECTION_RE.test(said)) f |= VERDICT;
    if (FIRST_PERSON_RE.test(text)) f |= FIRST_PERSON;
    if (answersRunRequest(g, v)) f |= AFTER_REQUEST;
    if (s.kind === "tool_call" || asksForRun(s.content ?? "", quotedBefore(g, v))) f |= REQUEST;
    const lower = text.toLowerCase();
    const own = g.agentNames[a].toLowerCase();
    if (s.kind === "delegate" || (anyName && namesOther(lower, anyName, own))) f |= ADDRESS;
    const edge = v === 0 || v === g.n - 1 || v === g.sink;
    if (edge && ((v > 0 && statesAnswer(text)) || statesOwnValue(text, (task ??= taskContent(g))))) f |= EDGE_ANSWER;
    facts[v] = f;
  }
  factsOf.set(g, facts);
  return facts;
}

/** Whether the text names an agent other than its speaker (`anyName`: every name, global). */
function namesOther(lower: string, anyName: RegExp, own: string): boolean {
  const names = lower.match(anyName);
  if (names) for (const n of names) if (n !== own) return true;
  return false;
}

/** A field line ("crates: 29610", "status = shipped") or a table row ("Elm Street | 2022 | 41"). */
const FIELD_LINE_RE = /^(?:[A-Za-z_][\w ()/.'-]{0,40}?[ \t]*[:=][ \t]*\S|[^|\n]*\|[^|\n]*\|?)/;
const JSON_FIELD_RE = /"[\w .-]{1,40}"\s*:/g;
/** Lines read of a step for the record test. */
const RECORD_LINES = 40;

/** A record's title line: a few words, no sentence ("Record Willowmere", "Results"). */
const TITLE_LINE_RE = /^[\p{L}\d][\p{L}\d '’&()-]{0,40}:?$/u;
/** One line that heads a record and gives its field: "Elm Street, fiscal 2023: loans issued = 41 loans". */
const HEADED_FIELD_RE = /^[^,:=\n]{2,60}, [^,:=\n]{2,40}: [^=\n]{1,40}= ?\S/;
const RECORD_MARK_RE = /[:=|]/;

/**
 * Whether a text is nothing but a record, as a program prints one: field lines or table rows, at least
 * two lines with a title allowed first, and no other line; one line that heads a record and gives its
 * field; or a JSON object with at least two fields. A sentence is no record; neither is one
 * "Answer: 42" line, which an agent writes too.
 */
function isRecord(text: string): boolean {
  const t = text.trim();
  // A field, a table row and a JSON field each need one of these (most steps are prose).
  if (!RECORD_MARK_RE.test(t)) return false;
  if (t.startsWith("{") && t.endsWith("}")) return (t.match(JSON_FIELD_RE)?.length ?? 0) >= 2;
  const lines = t
    .split("\n", RECORD_LINES + 1)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length <= 1) return lines.length === 1 && HEADED_FIELD_RE.test(lines[0]);
  const fields = TITLE_LINE_RE.test(lines[0]) && !FIELD_LINE_RE.test(lines[0]) ? lines.slice(1) : lines;
  return lines.length <= RECORD_LINES && fields.length >= 1 && fields.every((l) => FIELD_LINE_RE.test(l));
}

function tallies(g: EngineGraph): Tally[] {
  const out = g.agentNames.map(
    (): Tally => ({
      steps: 0,
      output: 0,
      verdicts: 0,
      addresses: 0,
      edge: 0,
      edgeAnswers: 0,
      tokens: 0,
      afterRequest: 0,
      requests: 0,
      calls: 0,
      firstPerson: 0,
      scaffold: 0,
      records: 0,
      first: -1,
      total: 0,
      recipients: new Set<string>(),
      opening: 0,
    }),
  );
  const facts = stepFacts(g);
  let opening = 0;
  while (opening < g.n && g.wrapper[opening]) opening++;
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v]) continue;
    const t = out[g.agentOf[v]];
    t.total++;
    if (v === 0 || v === g.n - 1 || v === g.sink) t.edge++;
    const f = facts[v];
    if (!(f & SAMPLED)) continue;
    if (v === opening) t.opening = f;
    t.steps++;
    if (t.first < 0) t.first = v;
    t.tokens += g.features[v].tokens.size;
    // A call that carries its result is the caller's request, not output it returns.
    if (f & PROGRAM_OUTPUT || (isToolOutput(g, v) && g.steps[v].kind !== "tool_call")) t.output++;
    if (f & VERDICT) t.verdicts++;
    if (f & FIRST_PERSON) t.firstPerson++;
    if (g.scaffold[v]) t.scaffold++;
    if (f & RECORD) t.records++;
    if (f & AFTER_REQUEST) t.afterRequest++;
    if (f & REQUEST) t.requests++;
    if (g.steps[v].kind === "tool_call") t.calls++;
    if (f & ADDRESS) t.addresses++;
    if (f & EDGE_ANSWER) t.edgeAnswers++;
    if (g.steps[v].kind !== "tool_result") {
      const m = DIRECTED_RE.exec((g.steps[v].content ?? "").slice(0, SCAN));
      const to = m && (m[1] ?? m[2]).toLowerCase();
      if (to && to !== g.agentNames[g.agentOf[v]].toLowerCase()) t.recipients.add(to);
    }
  }
  return out;
}

/**
 * A closing step that states an answer (a value, a result named after a lead word: "the answer is
 * yes", or a ruling that names one: "Decision: Quillford.") decides the run: a judge or aggregator
 * speaking once at the end. A harness closes without one ("TERMINATE", "the conversation has ended");
 * a ruling that is a phrase ("Decision: stop the run.") names no answer.
 */
function statesAnswer(text: string): boolean {
  if (extractClaims(text).some((c) => c.kind !== "verdict") || resultStatements(text).length > 0) return true;
  const ruling = statedRuling(text);
  return ruling !== null && ruling.kind !== "word";
}

/** Own steps skipped back to the request: a batch of results answers the batch of calls before it. */
const BATCH = 64;

/** The other speaker's step just before `v` (and its own batch) is a code block or a tool call. */
export function answersRunRequest(g: EngineGraph, v: number): boolean {
  let u = v - 1;
  for (let own = 0; u >= 0 && (g.wrapper[u] || (g.agentOf[u] === g.agentOf[v] && own < BATCH)); u--)
    if (!g.wrapper[u]) own++;
  if (u < 0 || g.agentOf[u] === g.agentOf[v]) return false;
  const s = g.steps[u];
  if (s.kind === "tool_call" && s.tool?.result === undefined) return true;
  const text = s.content ?? "";
  const tail = text.length > REQUEST_SCAN ? text.slice(-REQUEST_SCAN) : text;
  return (
    asksForRun(tail, quotedBefore(g, u)) ||
    (tail.includes("(") && CALL_EXPRESSION_RE.test(tail)) ||
    (tail.includes("{") && PROSE_CALL_RE.test(tail))
  );
}

/**
 * Directed messages to this many different participants make a speaker the one who hands out the work,
 * however much else it writes (plans, thoughts): a worker answers whoever asked it.
 */
const HANDS_OUT = 2;

/** Steps before a speaker's behaviour counts as an environment's: a pattern, not a coincidence. */
export const MIN_ENVIRONMENT_STEPS = 3;

/**
 * Returns what it was given to run: answers run requests in most steps, hardly ever asks for a run
 * itself, and hardly ever speaks as an agent. A speaker that answers a request in every step and never
 * asks for one returns what it ran: the first-person words in its steps are the files and logs it
 * prints (code comments, a licence header), so up to half of its steps may hold them.
 */
function runsRequests(all: Tally): boolean {
  // An opening that shows a code block is a prompt template ("write your code as ```python # your
  // code```", "let's use Python"): nothing was asked before it, so its fence is no request to run and
  // its first person the template's. What its speaker does after it shows what it is. An opening with
  // no code block is read as any step.
  const o = all.opening & REQUEST ? all.opening : 0;
  const t = o
    ? {
        ...all,
        steps: all.steps - 1,
        requests: all.requests - 1,
        firstPerson: all.firstPerson - (o & FIRST_PERSON ? 1 : 0),
        afterRequest: all.afterRequest - (o & AFTER_REQUEST ? 1 : 0),
        records: all.records - (o & RECORD ? 1 : 0),
      }
    : all;
  const onlyAnswers = t.afterRequest === t.steps && t.requests === 0;
  // Answering every run request put to it, never asking for one and never speaking as an agent is a
  // pattern from its second step on: an agent that answers code twice says what it makes of it. From
  // its first, when all it answered was a record: fields, a table or a JSON object, as a program prints.
  const silentExecutor = onlyAnswers && t.firstPerson === 0 && (t.steps >= 2 || t.records === t.steps);
  return (
    (t.steps >= MIN_ENVIRONMENT_STEPS || silentExecutor) &&
    t.afterRequest * 2 > t.steps &&
    t.requests * 10 < t.steps &&
    t.firstPerson * (onlyAnswers ? 2 : 5) < t.steps
  );
}

/**
 * The speakers whose text is the run's setting, by what they write: the task giver (not a simulated
 * user), scaffolding, a run's driver. A speaker taken for the harness only because it speaks briefly at
 * the run's edges is not among them: that is weaker evidence, and a brief closing check is still a check.
 */
export function settingSpeakers(g: EngineGraph): ReadonlySet<number> {
  classifyParticipants(g);
  return settingOf.get(g)!;
}

const settingOf = new WeakMap<EngineGraph, Set<number>>();

/** One kind per agent index. Deterministic; reads only the graph. */
export function classifyParticipants(g: EngineGraph): readonly ParticipantKind[] {
  let kinds = classified.get(g);
  if (!kinds) classified.set(g, (kinds = classify(g)));
  return kinds;
}

/**
 * Kinds per graph, computed once: the candidates, the exposure prior and its tie-break all read
 * them, and each reading is a pass over every step. A graph's participants change only in
 * `markParticipants`, which forgets the entry.
 */
const classified = new WeakMap<EngineGraph, ParticipantKind[]>();

function classify(g: EngineGraph): ParticipantKind[] {
  const t = tallies(g);
  const environment = (a: number) => g.toolAgents.has(a) || t[a].output * 2 > t[a].steps || runsRequests(t[a]);
  const speakers = t.filter((x, a) => x.steps > 0 && !environment(a) && !g.taskGivers.has(a)).length;
  const openerIdx = t.reduce((best, x, a) => (x.first >= 0 && (best < 0 || x.first < t[best].first) ? a : best), -1);
  const firstAgent = t.reduce(
    (best, x, a) =>
      x.first >= 0 && !environment(a) && !g.taskGivers.has(a) && (best < 0 || x.first < t[best].first) ? a : best,
    -1,
  );
  const setting = new Set<number>();
  settingOf.set(g, setting);
  return g.agentNames.map((_, a): ParticipantKind => {
    const x = t[a];
    if (g.taskGivers.has(a)) {
      if (a !== g.simulatedUser) setting.add(a);
      return a === g.simulatedUser ? "simulated-user" : "task-giver";
    }
    if (x.steps === 0) return "worker";
    if (environment(a)) return "environment";
    // The protocol's own voice (a debate's rounds announced, its majority read out) is the harness too:
    // it opens the agents' exchange, between at least two agents besides itself.
    if (
      a === firstAgent &&
      speakers >= 3 &&
      x.steps >= 2 &&
      x.firstPerson + x.requests + x.output + x.addresses + x.verdicts + x.calls === 0 &&
      speaksOnlyForProtocol(g, a)
    ) {
      setting.add(a);
      return "harness";
    }
    // Scaffolding and a run's driver are the harness by what they write: their text is the setting.
    if (
      x.scaffold === x.steps ||
      (a === openerIdx && !ruleOff(g, "harness-by-behaviour") && posesTaskOnly(g, a, speakers - 1))
    ) {
      setting.add(a);
      return "harness";
    }
    if (x.edge === x.total && x.total <= 2 && x.tokens / x.steps < 30 && speakers > 2 && !x.edgeAnswers)
      return "harness";
    // A simulated user talks; it neither returns tool output nor calls tools itself.
    if (a === openerIdx && speakers === 2 && x.steps >= 3 && x.output === 0 && x.calls === 0) return "simulated-user";
    if (x.steps >= 2 && x.verdicts * 2 > x.steps) return "verifier";
    if (speakers > 2 && x.steps >= 2 && (x.addresses * 2 > x.steps || x.recipients.size >= HANDS_OUT))
      return "orchestrator";
    return "worker";
  });
}

/**
 * Speakers that answer other speakers' code and tool calls as a program would (see `runsRequests`)
 * are executors for every later stage, as importer-marked tool agents are: their output is evidence
 * about whoever asked for the run, never an agent's own error. Only this behaviour test counts here:
 * an agent that makes tool calls also "outputs" tool results, and stays a candidate. Run once,
 * right after the graph is built.
 */
export function markEnvironmentAsTools(g: EngineGraph): void {
  classified.delete(g);
  // A speaker that calls a model is an agent, however little it says: the environment runs code and
  // tools, it does not think (a managed agent that answered in one model call is not a tool).
  const thinks = new Set<number>();
  for (let v = 0; v < g.n; v++) if (g.steps[v].kind === "llm") thinks.add(g.agentOf[v]);
  tallies(g).forEach((t, a) => {
    if (!g.taskGivers.has(a) && !thinks.has(a) && runsRequests(t)) g.toolAgents.add(a);
  });
}

/**
 * Who is the environment and what the harness wrote, for every later stage: executors become tool
 * agents (`markEnvironmentAsTools`), then templated and relayed text is marked as scaffolding
 * (`g.scaffold`), evidence and never an agent's utterance; a task giver that keeps conversing with
 * one agent is the run's simulated user (`g.simulatedUser`). Run once, right after the graph is built.
 */
export function markParticipants(g: EngineGraph): void {
  classified.delete(g);
  markEnvironmentAsTools(g);
  if (!ruleOff(g, "harness-by-behaviour")) markScaffolding(g);
  const user = simulatedUser(g);
  if (g.taskGivers.has(user)) g.simulatedUser = user;
  markVerifiersByBehaviour(g);
}
