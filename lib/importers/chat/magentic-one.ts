/**
 * Magentic-One logs, whatever layout carries them (a group chat `{name, role, content}` list, the
 * Who&When layout, an AgentChat dump): the runner writes some entries for itself rather than for an
 * agent. The team wrapper speaks as `MagenticOne` (the group chat), messages it could not attribute
 * come from `unknown`, and `system` entries are its own prompts. None is an agent: they are folded
 * into the task giver, the participant that poses the task and is never a culprit.
 */
const HARNESS = new Set(["magenticone", "unknown", "system"]);
/** The agents Magentic-One ships with, besides its orchestrator. */
const TEAM = /^(websurfer|filesurfer|coder|computerterminal|assistant)$/i;

export function isMagenticHarness(name: string): boolean {
  return HARNESS.has(name.trim().toLowerCase());
}

/**
 * A Magentic-One run: a speaker of AgentChat's `MagenticOneGroupChat` (`MagenticOne…`), or an
 * orchestrator working with one of Magentic-One's own agents (the older `autogen-magentic-one` logs).
 */
export function isMagenticOneLog(speakers: Iterable<string>): boolean {
  let orchestrator = false;
  let team = false;
  for (const raw of speakers) {
    const name = raw.trim();
    if (/^magenticone/i.test(name)) return true;
    if (/orchestrator/i.test(name)) orchestrator = true;
    else if (TEAM.test(name)) team = true;
  }
  return orchestrator && team;
}

/** The name harness entries are folded into: the log's own task giver when it has one, else `user`. */
export function magenticTaskGiver(speakers: Iterable<string>): string {
  for (const name of speakers) if (/^(human|user)$/i.test(name.trim())) return name.trim();
  return "user";
}

export const MAGENTIC_ONE_SYSTEM = "magentic-one";

/** How the orchestrator's team roster describes Magentic-One's code executor ("X: A computer terminal that …"). */
const EXECUTOR_ROSTER_RE = /^[ \t]*([A-Za-z][\w-]{0,63}):[ \t]+A computer terminal that\b/gm;
/** Characters of a message read for the roster (it opens the orchestrator's first message). */
const MAX_ROSTER_SCAN = 20_000;
/** Messages read for a roster; the orchestrator writes it at the start of the run. */
const MAX_ROSTER_MESSAGES = 8;

/**
 * The agents of a Magentic-One run that are its code executor: `ComputerTerminal` (the name
 * Magentic-One gives it), and any agent the orchestrator's roster describes as "A computer terminal
 * that" only runs the scripts it is handed (the name is the team's choice, e.g. `Executor`). Such an agent's message is the output of the code it was handed, not a claim of its
 * own: whoever wrote the code answers for what it printed.
 */
export function magenticExecutors(texts: Iterable<string>): Set<string> {
  const out = new Set<string>(["ComputerTerminal"]);
  let read = 0;
  for (const text of texts) {
    if (++read > MAX_ROSTER_MESSAGES) break;
    for (const m of text.slice(0, MAX_ROSTER_SCAN).matchAll(EXECUTOR_ROSTER_RE)) out.add(m[1]);
  }
  return out;
}
