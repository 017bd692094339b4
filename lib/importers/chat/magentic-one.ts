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
