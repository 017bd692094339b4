/**
 * Who takes part, by behaviour rather than by name. Each speaker is one of:
 * - task-giver: the importer marked it as whoever poses the task (`kind: "task_giver"`);
 * - environment: most of what it says is tool or program output (it returns what it was given to run);
 * - harness: it speaks only at the run's edges (the opening or the close) and says little;
 * - simulated-user: it opens the conversation and keeps answering the one agent it talks to;
 * - verifier: most of its messages approve or reject;
 * - orchestrator: most of its messages address other participants by name or delegate;
 * - worker: everyone else.
 * Environment, harness and task-giver output is evidence, not a culprit candidate (see candidates.ts).
 */
import type { EngineGraph } from "../build-graph";
import { APPROVAL_RE, REJECTION_RE, isToolOutput } from "../detectors/patterns";

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

interface Tally {
  steps: number;
  output: number;
  verdicts: number;
  addresses: number;
  edge: number;
  tokens: number;
  first: number;
  /** Every step of the agent (`steps` counts the sampled ones). */
  total: number;
}

function tallies(g: EngineGraph): Tally[] {
  const out = g.agentNames.map(
    (): Tally => ({ steps: 0, output: 0, verdicts: 0, addresses: 0, edge: 0, tokens: 0, first: -1, total: 0 }),
  );
  const escaped = g.agentNames
    .map((n) => n.toLowerCase())
    .filter((n) => n.length >= 3)
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // One alternation over every name, longest first: a step is scanned once, however many agents there are.
  const anyName = escaped.length ? new RegExp(escaped.join("|"), "g") : null;
  for (let v = 0; v < g.n; v++) {
    if (g.wrapper[v]) continue;
    const a = g.agentOf[v];
    const t = out[a];
    if (t.steps >= SAMPLE) {
      if (v === g.n - 1 || v === g.sink) t.edge++;
      t.total++;
      continue;
    }
    const s = g.steps[v];
    const text = (s.content || s.tool?.result || "").slice(0, SCAN);
    t.steps++;
    t.total++;
    if (t.first < 0) t.first = v;
    t.tokens += g.features[v].tokens.size;
    if (isToolOutput(g, v) || s.kind === "tool_result" || PROGRAM_OUTPUT_RE.test(text)) t.output++;
    if (APPROVAL_RE.test(text) || REJECTION_RE.test(text)) t.verdicts++;
    const lower = text.toLowerCase();
    const own = g.agentNames[a].toLowerCase();
    if (s.kind === "delegate" || (anyName && (lower.match(anyName) ?? []).some((n) => n !== own))) t.addresses++;
    if (v === 0 || v === g.n - 1 || v === g.sink) t.edge++;
  }
  return out;
}

/** One kind per agent index. Deterministic; reads only the graph. */
export function classifyParticipants(g: EngineGraph): ParticipantKind[] {
  const t = tallies(g);
  const environment = (a: number) => g.toolAgents.has(a) || t[a].output * 2 > t[a].steps;
  const speakers = t.filter((x, a) => x.steps > 0 && !environment(a) && !g.taskGivers.has(a)).length;
  const openerIdx = t.reduce((best, x, a) => (x.first >= 0 && (best < 0 || x.first < t[best].first) ? a : best), -1);
  return g.agentNames.map((_, a): ParticipantKind => {
    const x = t[a];
    if (g.taskGivers.has(a)) return "task-giver";
    if (x.steps === 0) return "worker";
    if (environment(a)) return "environment";
    if (x.edge === x.total && x.total <= 2 && x.tokens / x.steps < 30 && speakers > 2) return "harness";
    if (a === openerIdx && speakers === 2 && x.steps >= 3 && x.output === 0) return "simulated-user";
    if (x.steps >= 2 && x.verdicts * 2 > x.steps) return "verifier";
    if (speakers > 2 && x.steps >= 2 && x.addresses * 2 > x.steps) return "orchestrator";
    return "worker";
  });
}
