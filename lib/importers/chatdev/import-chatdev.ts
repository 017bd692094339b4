/**
 * Maps a ChatDev 1.0 `.log` (read by `read-chatdev-log.ts`) to a trace (ADR 0117):
 * - a role's reply (`Role: **A<->B on : Phase, turn N**`) is a message of that role;
 * - a phase prompt (`Role: **[Start Chat]**`) is ChatDev's template, filled by ChatDev and sent in the
 *   name of the phase's user role: a message of the task giver "ChatDev", the role in `sent_as`, so its
 *   words are never read as that role's claims or repeats;
 * - a test report (`**[Test Reports]**`) is ChatDev running the software: a tool result of the
 *   participant "ChatDev shell" (`code_execution`): ok, error (a traceback) or unset (ChatDev could not
 *   run the program) by ChatDev's own report words (`test-report.ts`);
 * - the human's feedback (`**[User Provided Comments]**`) is a message of the task giver "Human".
 * The bracketed system prompt before an utterance is the addressed role's: kept as an attribute.
 * ChatDev's other entries (records, config tables, conclusions, code diffs) ride along on the next
 * step's `logged_before`; the model client's chatter is counted; timestamps are attributes. Nothing
 * of them becomes content.
 */
import type { TStepInput, TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { TraceBuilder } from "../trace-builder";
import { isBlank, lineList } from "../chat/printed/printed-lines";
import { registerTaskGiver } from "../chat/task-giver";
import { type Utterance, utteranceHeader } from "./chatdev-headers";
import { CHATDEV_LOG_EXPECTED, chatDevLogOf, type LogEntry, MAX_CHATDEV_STEPS } from "./read-chatdev-log";
import { utteranceBody } from "./utterance-body";
import { testStatus, testVerdict, type TestVerdict } from "./test-report";
import { addUsage, boldField, clientChatter, declaredRoles, isHarnessEntry, softwareInfo } from "./entry-kinds";
import { chatDevOutcome } from "./chatdev-outcome";

/** The framework itself: it fills the phase prompts and sends them in a role's name. */
export const CHATDEV_HARNESS = "ChatDev";
/** ChatDev running the software it wrote (`python3 main.py` in a shell). */
export const CHATDEV_SHELL = "ChatDev shell";
/** The person who answers ChatDev's Human-Agent-Interaction phase. */
export const CHATDEV_HUMAN = "Human";

/** What the walk over the entries keeps between them. */
interface Walk {
  builder: TraceBuilder;
  /** Harness entries since the last step, for the next step's `logged_before`. */
  pending: string[];
  /** The latest phase prompt, until a reply names its phase and addressee. */
  openPrompt?: TStepInput;
  /** The phase a pre-August-2023 log last announced (`PhaseType: PhaseType.CODING`). */
  oldPhase?: string;
  roles: Set<string>;
  unknownLines: number[];
  unbracketedLines: number[];
  chatter: Record<string, number>;
  usage: Record<string, number>;
  tests: { verdict: TestVerdict; codeChangedAfter: boolean }[];
  task?: string;
  improvedTask?: string;
  projectName?: string;
  softwareInfo?: Record<string, string>;
}

export function importChatDev(value: unknown): TTraceInput {
  const log = chatDevLogOf(value);
  if (!log)
    throw new TraceInputError("schema", `Not a ChatDev log: expected the text of ${CHATDEV_LOG_EXPECTED}`, {
      issues: [{ path: "(root)", message: "not the text of a ChatDev .log file" }],
    });
  const walk: Walk = {
    builder: new TraceBuilder(),
    pending: [],
    roles: new Set(),
    unknownLines: [],
    unbracketedLines: [],
    chatter: {},
    usage: {},
    tests: [],
  };
  for (const entry of log.entries) readEntry(walk, entry);
  const { builder } = walk;
  if (walk.unbracketedLines.length)
    builder.warn(
      `${walk.unbracketedLines.length} ChatDev utterance(s) (${lineList(walk.unbracketedLines)}) open a bracketed system prompt that no line closes; their whole body is read as what was said`,
    );
  if (walk.unknownLines.length)
    builder.warn(
      `${walk.unknownLines.length} log entr${walk.unknownLines.length === 1 ? "y" : "ies"} of no kind ChatDev writes (${lineList(walk.unknownLines)}) kept in the next step's logged_before (or the run's logged_after)`,
    );
  return builder.build({
    title: walk.projectName,
    system: "chatdev",
    task: walk.task ?? firstPromptTask(builder.steps),
    ...chatDevOutcome(walk.tests),
    costUsd: costOf(walk.softwareInfo),
    sourceFormat: "chatdev",
    attributes: runAttributes(walk),
  });
}

function readEntry(walk: Walk, entry: LogEntry): void {
  const rest = entry.lines[0];
  const utterance = utteranceHeader(rest);
  if (utterance) return addUtterance(walk, entry, utterance);
  if (rest.startsWith("**[Test Reports]**")) return addTestReport(walk, entry);
  if (rest.startsWith("**[User Provided Comments]**")) return addComments(walk, entry);
  const chatter = clientChatter(rest);
  if (chatter !== undefined) {
    walk.chatter[chatter] = (walk.chatter[chatter] ?? 0) + 1;
    if (chatter === "usage") addUsage(entry.lines, walk.usage);
    return;
  }
  if (isHarnessEntry(rest)) {
    noteHarness(walk, entry);
    walk.pending.push(entryText(entry));
    return;
  }
  const colon = rest.indexOf(": ");
  const name = colon > 0 ? rest.slice(0, colon) : "";
  // A reply logged without a phase header (`Prompt Engineer: <INFO> …`, ChatDev's task improvement):
  // the role was declared by the config table before it.
  if (name !== "System" && walk.roles.has(name)) {
    const lines = [rest.slice(colon + 2), ...entry.lines.slice(1)];
    addStep(walk, entry, { agent: name, kind: "message", content: utteranceBody(lines, false).text }, {});
    return;
  }
  walk.unknownLines.push(entry.line);
  walk.pending.push(entryText(entry));
}

/** What a harness entry tells about the run as a whole: task, roles, phases, code changes, totals. */
function noteHarness(walk: Walk, entry: LogEntry): void {
  const rest = entry.lines[0];
  if (rest.startsWith("**[Preprocessing]**")) {
    walk.task ??= boldField(entry.lines, "task_prompt");
    walk.projectName ??= boldField(entry.lines, "project_name");
  } else if (rest.startsWith("**[Task Prompt Self Improvement]**")) {
    for (const line of entry.lines)
      if (line.startsWith("**Improved Task Prompt**: ")) walk.improvedTask = line.slice(26).trim();
  } else if (rest.startsWith("System: **[")) {
    for (const role of declaredRoles(entry.lines)) walk.roles.add(role);
  } else if (rest.startsWith("**[Update Codes]**") || rest.startsWith("**[Rewrite Codes]**")) {
    const last = walk.tests.at(-1);
    if (last) last.codeChangedAfter = true;
  } else if (rest.startsWith("**[Software Info]**") || rest.startsWith("**[Post Info]**")) {
    const info = softwareInfo(entry.lines);
    if (Object.keys(info).length) walk.softwareInfo = info;
  } else if (rest.startsWith("PhaseType: PhaseType.")) {
    walk.oldPhase = rest.slice("PhaseType: PhaseType.".length).trim();
  } else if (rest.startsWith("Task prompt:") && walk.task === undefined) {
    const task = utteranceBody(entry.lines.slice(1), false).text;
    if (task) walk.task = task;
  }
}

function addUtterance(walk: Walk, entry: LogEntry, u: Utterance): void {
  const bracketed = u.kind === "phase_prompt" || u.kind === "reply";
  const body = utteranceBody(entry.lines.slice(1), bracketed);
  if (body.unclosed) walk.unbracketedLines.push(entry.line);
  const prompt = body.systemPrompt === undefined ? {} : { addressee_system_prompt: body.systemPrompt };
  if (u.kind === "phase_prompt" || u.kind === "old_prompt") {
    registerTaskGiver(walk.builder, CHATDEV_HARNESS);
    const phase = u.kind === "old_prompt" && walk.oldPhase ? { phase: walk.oldPhase } : {};
    const step = addStep(
      walk,
      entry,
      { agent: CHATDEV_HARNESS, kind: "message", name: `phase prompt sent as ${u.sender}`, content: body.text },
      { sent_as: u.sender, ...phase, ...prompt },
    );
    walk.openPrompt = u.kind === "phase_prompt" ? step : undefined;
    return;
  }
  walk.roles.add(u.speaker);
  if (u.kind === "old_reply") {
    const phase = walk.oldPhase ? { phase: walk.oldPhase } : {};
    const name = walk.oldPhase ? `${walk.oldPhase}, turn ${u.turn}` : `turn ${u.turn}`;
    addStep(walk, entry, { agent: u.speaker, kind: "message", name, content: body.text }, { ...phase, turn: u.turn });
    return;
  }
  const addressee = u.speaker === u.assistant ? u.user : u.speaker === u.user ? u.assistant : undefined;
  // The phase prompt before the phase's first reply was sent to its assistant: say so on it.
  const open = walk.openPrompt;
  if (open?.attributes && open.attributes.sent_as === u.user && open.attributes.phase === undefined) {
    open.attributes.phase = u.phase;
    open.attributes.addressee = u.assistant;
  }
  walk.openPrompt = undefined;
  addStep(
    walk,
    entry,
    { agent: u.speaker, kind: "message", name: `${u.phase}, turn ${u.turn}`, content: body.text },
    { phase: u.phase, turn: u.turn, ...(addressee === undefined ? {} : { addressee }), ...prompt },
  );
}

function addTestReport(walk: Walk, entry: LogEntry): void {
  const report = utteranceBody(entry.lines.slice(1), false).text;
  const verdict = testVerdict(report);
  walk.tests.push({ verdict, codeChangedAfter: false });
  addStep(
    walk,
    entry,
    {
      agent: CHATDEV_SHELL,
      kind: "tool_result",
      name: "test run",
      content: report,
      tool: { name: "code_execution" },
      status: testStatus(verdict),
    },
    { test_verdict: verdict },
  );
}

/** `**[User Provided Comments]**\n\n In the #1 of total 5 comments: \n\n<what the person typed>`. */
function addComments(walk: Walk, entry: LogEntry): void {
  const lines = entry.lines.slice(1);
  let at = 0;
  while (at < lines.length && isBlank(lines[at])) at++;
  const intro = at < lines.length && lines[at].trim().startsWith("In the #") ? lines[at].trim() : undefined;
  registerTaskGiver(walk.builder, CHATDEV_HUMAN);
  addStep(
    walk,
    entry,
    {
      agent: CHATDEV_HUMAN,
      kind: "message",
      name: "feedback",
      content: utteranceBody(intro ? lines.slice(at + 1) : lines, false).text,
    },
    intro ? { feedback_round: intro } : {},
  );
}

function addStep(
  walk: Walk,
  entry: LogEntry,
  step: Omit<TStepInput, "id" | "sourceRef">,
  attributes: Record<string, unknown>,
): TStepInput {
  const { builder } = walk;
  if (builder.steps.length >= MAX_CHATDEV_STEPS)
    throw new TraceInputError(
      "too_large",
      `This ChatDev log has more than ${MAX_CHATDEV_STEPS.toLocaleString("en")} utterances; split it into smaller files.`,
    );
  const all: Record<string, unknown> = { ...attributes, logged_at: entry.time };
  if (entry.level !== "INFO") all.log_level = entry.level;
  if (walk.pending.length) {
    all.logged_before = walk.pending;
    walk.pending = [];
  }
  const id = `s${builder.steps.length}`;
  return builder.step({ id, sourceRef: `line ${entry.line}`, ...step, attributes: all }, true);
}

/** An entry as kept: its lines after the timestamp, without the blank lines that end it. */
function entryText(entry: LogEntry): string {
  let end = entry.lines.length;
  while (end > 1 && isBlank(entry.lines[end - 1])) end--;
  const text = entry.lines.slice(0, end).join("\n");
  return entry.level === "INFO" ? text : `${entry.level}: ${text}`;
}

/** A log without a `task_prompt` record (ChatDev after 2024): the task its first phase prompt quotes. */
function firstPromptTask(steps: readonly TStepInput[]): string | undefined {
  const prompt = steps.find((s) => s.agent === CHATDEV_HARNESS)?.content ?? "";
  const open = prompt.indexOf('Task: "');
  if (open < 0) return undefined;
  const lineEnd = prompt.indexOf("\n", open);
  const line = prompt.slice(open + 7, lineEnd < 0 ? prompt.length : lineEnd).trimEnd();
  const close = line.lastIndexOf('"');
  return close > 0 ? line.slice(0, close) : undefined;
}

/** The run's cost as ChatDev's last software record states it (`💰**cost**=$0.040864`). */
function costOf(info: Record<string, string> | undefined): number | undefined {
  const raw = info?.cost;
  if (raw === undefined) return undefined;
  const n = Number(raw.startsWith("$") ? raw.slice(1) : raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function runAttributes(walk: Walk): Record<string, unknown> | undefined {
  const attributes: Record<string, unknown> = {};
  if (walk.improvedTask !== undefined) attributes.chatdev_improved_task = walk.improvedTask;
  if (walk.softwareInfo) attributes.chatdev_software_info = walk.softwareInfo;
  if (Object.keys(walk.usage).length) attributes.chatdev_usage = walk.usage;
  if (Object.keys(walk.chatter).length) attributes.chatdev_entries_counted = walk.chatter;
  const last = walk.tests.at(-1);
  if (last) attributes.chatdev_last_test = { verdict: last.verdict, code_changed_after: last.codeChangedAfter };
  if (walk.pending.length) attributes.logged_after = walk.pending;
  return Object.keys(attributes).length ? attributes : undefined;
}
