/**
 * Handoff tools: AutoGen's Swarm/`handoffs=` and the OpenAI Agents SDK expose a handoff to agent X
 * as a tool named `transfer_to_X`; calling it hands control to X. Returns X, or undefined.
 */
const TRANSFER = /^transfer_to_(.+)$/;

export function transferTarget(toolName: unknown, knownAgents?: readonly string[]): string | undefined {
  if (typeof toolName !== "string") return undefined;
  const m = TRANSFER.exec(toolName.trim());
  if (!m) return undefined;
  const raw = m[1];
  // Tool names are identifiers; the agent may be spelled with other case or separators.
  const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  return knownAgents?.find((a) => squash(a) === squash(raw)) ?? raw;
}
