/**
 * The entries of a ChatDev log that are not a role's utterance, sorted by what ChatDev writes them
 * for (source: `chatdev/chat_chain.py`, `phase.py`, `composed_phase.py`, `codes.py`, `chat_env.py`,
 * `camel/model_backend.py`, branch `chatdev1.0`). Prefix checks only: no regex over the upload.
 */

/**
 * The model client's chatter, written by the OpenAI library or ChatDev's visualizer hook between any
 * two entries: counted in the run's attributes, not kept entry by entry (a rate-limited run writes
 * hundreds of them, none about the software).
 */
const CLIENT_CHATTER: readonly [string, string][] = [
  ["flask app.py did not start for online log", "visualizer notice"],
  ["HTTP Request: ", "HTTP request"],
  ["error_code=", "API error"],
  ["Rate limit reached for", "API error"],
  ["Retrying (Retry(", "API retry"],
  ["The server is overloaded", "API error"],
  ["Request timed out: ", "API error"],
  ["Error communicating with OpenAI", "API error"],
  ["**[OpenAI_Usage_Info Send]**", "usage"],
  ["**[OpenAI_Usage_Info Receive]**", "usage"],
  ["[OpenAI_Usage_Info]", "usage"],
];

/** The label a chatter entry is counted under, else undefined. */
export function clientChatter(rest: string): string | undefined {
  for (const [prefix, label] of CLIENT_CHATTER) if (rest.startsWith(prefix)) return label;
  return undefined;
}

/** Opening words of ChatDev's own entries besides its `**[Tag]**` records and `System:` tables. */
const HARNESS_PREFIXES = [
  "ChatDev Starts",
  "ChatDev Ends",
  "AgentTech Starts",
  "AgentTech Ends",
  "args: ",
  "Log File: ",
  "log_filename: ",
  "ChatDevConfig: ",
  "Configs:: ",
  "PhaseType: ",
  "Task prompt:",
  "Software Info: ",
];
/** Words ChatDev writes after a role's name when the entry is its own, not the role's. */
const HARNESS_AFTER_ROLE = [
  " found ModuleNotFoundError:",
  " resolve ModuleNotFoundError by:",
  ": thinking back",
  ") sys message:",
  ") terminated the chat.",
];

/**
 * Whether ChatDev writes this entry about the run (a record, a config table, a phase's conclusion, a
 * code diff, a memory lookup): kept with the next step, never a step of its own.
 */
export function isHarnessEntry(rest: string): boolean {
  if (rest.startsWith("**[") || rest.startsWith("System: ")) return true;
  for (const prefix of HARNESS_PREFIXES) if (rest.startsWith(prefix)) return true;
  const line = rest.trimEnd();
  for (const words of HARNESS_AFTER_ROLE) if (line.includes(words)) return true;
  // `codes.py` after reading a folder: "3 files read from /path".
  return line.includes(" files read from ");
}

/** `| **assistant_role_name** | Programmer |` rows of a `System: **[RolePlaying]**` or `**[chatting]**` table. */
export function declaredRoles(lines: readonly string[]): string[] {
  const roles: string[] = [];
  for (const line of lines) {
    for (const key of ["| **assistant_role_name** | ", "| **user_role_name** | "]) {
      if (!line.startsWith(key)) continue;
      const value = line.slice(key.length, line.lastIndexOf(" |"));
      if (value.length > 0 && value.length <= 100) roles.push(value.trim());
    }
  }
  return roles;
}

/** `**key**=value` lines of a `**[Software Info]**` / `**[Post Info]**` record (emoji before the key). */
export function softwareInfo(lines: readonly string[]): Record<string, string> {
  const info: Record<string, string> = {};
  for (const line of lines) {
    const open = line.indexOf("**");
    const close = open < 0 ? -1 : line.indexOf("**=", open + 2);
    if (close < 0) continue;
    const key = line.slice(open + 2, close);
    if (key.length > 0 && key.length <= 64 && !key.includes(" ")) info[key] = line.slice(close + 3).trim();
  }
  return info;
}

/** The value of a `**key**: value` line (the `**[Preprocessing]**` record), if the entry has one. */
export function boldField(lines: readonly string[], key: string): string | undefined {
  const prefix = `**${key}**: `;
  for (const line of lines) if (line.startsWith(prefix)) return line.slice(prefix.length).trim();
  return undefined;
}

/** `name: N` counters of a usage entry, summed into `totals`. */
export function addUsage(lines: readonly string[], totals: Record<string, number>): void {
  for (const line of lines) {
    for (const key of ["prompt_tokens", "completion_tokens", "total_tokens"]) {
      if (!line.startsWith(`${key}: `)) continue;
      const n = Number(line.slice(key.length + 2).trim());
      if (Number.isSafeInteger(n) && n >= 0) totals[key] = (totals[key] ?? 0) + n;
    }
  }
}
