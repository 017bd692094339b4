/**
 * Named small traces whose answer is known by construction, reused by tests, demos and seeds.
 * Each diagram shows steps (agent:kind) and typed edges; ✗ marks the planted fault.
 */
import { TRACE_SCHEMA_VERSION, ZTrace, type TTrace, type TTraceInput } from "../trace/schema";
import { validateTrace } from "../trace/validate-trace";

type StepSpec = TTraceInput["steps"][number];

function trace(
  title: string,
  outcome: "success" | "failure",
  task: string,
  steps: StepSpec[],
  edges: TTraceInput["edges"] = [],
  agentRoles: Record<string, string> = {},
): TTrace {
  const names = [...new Set(steps.map((s) => s.agent))];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { title, task, outcome, sourceFormat: "culprit" },
    agents: names.map((name) => ({ name, ...(agentRoles[name] ? { role: agentRoles[name] } : {}) })),
    steps: steps.map((s, i) => ({ sourceRef: String(i), ...s })),
    edges,
  });
}

/** A failed run of plain steps as a test writes them (agents in order of first appearance), validated. */
export function failedRun(task: string, steps: StepSpec[]): TTrace {
  return validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: { task, outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
  });
}

/** The detectors that fired at a step of a report. */
export function detectorsAt(
  report: { steps: { stepId: string; detectors: { name: string }[] }[] },
  stepId: string,
): string[] {
  return report.steps.find((s) => s.stepId === stepId)?.detectors.map((d) => d.name) ?? [];
}

const msg = (
  from: string,
  to: string,
  kind: "message" | "state" | "aggregation" | "delegation" = "message",
  key?: string,
) => ({
  from,
  to,
  kind,
  evidence: "test graph",
  confidence: 1,
  ...(key ? { key } : {}),
});

/**
 * Culprit upstream, victim last.
 * ```
 *  planner:s0 ✗ ──message──▶ writer:s1 ──message──▶ writer:s2 (final)
 * ```
 * The planner invents two figures; the writer faithfully relays them. Answer: planner at s0.
 */
export function culpritUpstreamVictimLast(): TTrace {
  return trace(
    "culprit upstream",
    "failure",
    "Report the quarterly revenue of the shop from the ledger.",
    [
      {
        id: "s0",
        agent: "planner",
        kind: "message",
        content: "The quarterly revenue of the shop is 48210 dollars, up from 39977 dollars.",
      },
      {
        id: "s1",
        agent: "writer",
        kind: "message",
        content: "Drafting the report: quarterly revenue of the shop 48210 dollars versus 39977 dollars before.",
      },
      {
        id: "s2",
        agent: "writer",
        kind: "final",
        content: "Final report: the shop's quarterly revenue is 48210 dollars (previously 39977 dollars).",
      },
    ],
    [msg("s0", "s1"), msg("s1", "s2")],
  );
}

/**
 * Error travelling only through shared state.
 * ```
 *  pricer:s0 (state_write price) ✗ ──state[price]──▶ seller:s1 (state_read) ──message──▶ seller:s2 (final)
 * ```
 * No message links pricer and seller. Answer: pricer at s0, channel kind `state`.
 */
export function errorThroughSharedState(): TTrace {
  return trace(
    "shared state",
    "failure",
    "Quote the catalogue price of the lamp.",
    [
      {
        id: "s0",
        agent: "pricer",
        kind: "state_write",
        content: "lamp price 7345 list 9120",
        state: { op: "write", key: "price", value: "7345 9120" },
      },
      {
        id: "s1",
        agent: "seller",
        kind: "state_read",
        content: "lamp price 7345 list 9120",
        state: { op: "read", key: "price", value: "7345 9120" },
      },
      { id: "s2", agent: "seller", kind: "final", content: "The lamp price is 7345 (list 9120)." },
    ],
    [msg("s0", "s1", "state", "price"), msg("s1", "s2")],
  );
}

/**
 * Bad delegation: the manager's instruction departs from the task; the worker follows it.
 * ```
 *  manager:s0 (delegate → worker) ✗ ──delegation──▶ worker:s1 ──message──▶ worker:s2 (final)
 * ```
 * Answer: manager at s0 (culprit); worker is a propagator (victim).
 */
export function badDelegation(): TTrace {
  return trace(
    "bad delegation",
    "failure",
    "Book a hotel room in Lisbon for two nights under 200 euros.",
    [
      {
        id: "s0",
        agent: "manager",
        kind: "delegate",
        target: "worker",
        content: "Book a hotel room in Lisbon for 5 nights with a budget of 640 euros, arriving 1450 hours.",
      },
      {
        id: "s1",
        agent: "worker",
        kind: "message",
        content: "Booked a hotel room in Lisbon for 5 nights at 640 euros, arrival 1450 hours.",
      },
      {
        id: "s2",
        agent: "worker",
        kind: "final",
        content: "Done: hotel room in Lisbon booked, 5 nights, 640 euros, arrival 1450.",
      },
    ],
    [msg("s0", "s1", "delegation"), msg("s1", "s2")],
  );
}

/**
 * Two wrong voters (composed failure): a majority vote needs both bad inputs to fail.
 * ```
 *  voter1:s0 ✗ ──aggregation──┐
 *  voter2:s1 ✗ ──aggregation──┼──▶ judge:s3 (aggregate, vote) ──message──▶ judge:s4 (final)
 *  voter3:s2   ──aggregation──┘
 * ```
 * Answer: composed; voter1 and voter2 each necessary, none sufficient; equal Shapley blame.
 */
export function twoWrongVoters(): TTrace {
  return trace(
    "two wrong voters",
    "failure",
    "Vote on the total of the invoice with items 120 and 35.",
    [
      { id: "s0", agent: "voter1", kind: "message", content: "Invoice total vote: 9871 after rounding 4420." },
      { id: "s1", agent: "voter2", kind: "message", content: "Invoice total vote: 5512 after rounding 6634." },
      {
        id: "s2",
        agent: "voter3",
        kind: "message",
        content: "Invoice total vote: the items 120 and 35 added together.",
      },
      {
        id: "s3",
        agent: "judge",
        kind: "aggregate",
        name: "majority vote",
        attributes: { aggregator: "vote" },
        content: "Majority vote on the invoice total taken.",
      },
      { id: "s4", agent: "judge", kind: "final", content: "The invoice total per majority vote is settled." },
    ],
    [msg("s0", "s3", "aggregation"), msg("s1", "s3", "aggregation"), msg("s2", "s3", "aggregation"), msg("s3", "s4")],
  );
}

/**
 * A tool error retried and recovered (not blamed); the failure comes from someone else later.
 * ```
 *  coder:s0 (tool_call, error) ──▶ coder:s1 (tool_call, ok) ──▶ analyst:s2 ✗ ──▶ analyst:s3 (final)
 * ```
 * Answer: analyst at s2; coder is a repairer, not a culprit.
 */
export function toolErrorRecovered(): TTrace {
  return trace(
    "tool error recovered",
    "failure",
    "Count the rows of the sales table and report the count.",
    [
      {
        id: "s0",
        agent: "coder",
        kind: "tool_call",
        status: "error",
        tool: {
          name: "python",
          arguments: { code: "len(df)" },
          result: "Traceback (most recent call last): NameError: df",
        },
        content: "Counting the rows of the sales table.",
      },
      {
        id: "s1",
        agent: "coder",
        kind: "tool_call",
        status: "ok",
        tool: { name: "python", arguments: { code: "df = load(); len(df)" }, result: "rows: 42" },
        content: "Counting the rows of the sales table again: rows 42.",
      },
      {
        id: "s2",
        agent: "analyst",
        kind: "message",
        content: "The sales table count is 9127 rows across 3318 regions.",
      },
      {
        id: "s3",
        agent: "analyst",
        kind: "final",
        content: "Reported count of the sales table: 9127 rows across 3318 regions.",
      },
    ],
    [msg("s0", "s1"), msg("s1", "s2"), msg("s2", "s3")],
  );
}

/**
 * A rubber-stamp reviewer: approves with no tool output and no check of its own.
 * ```
 *  coder:s0 ──message──▶ reviewer:s1 ✗ (approves, no evidence) ──message──▶ reviewer:s2 (final)
 * ```
 * Answer: reviewer at s1; verification-collapse rate 1.
 */
export function rubberStampReviewer(): TTrace {
  return trace(
    "rubber stamp",
    "failure",
    "Write a function that returns the square of a number.",
    [
      {
        id: "s0",
        agent: "coder",
        kind: "message",
        content: "Here is the function that returns the square of a number: def square(x): return x + x",
      },
      {
        id: "s1",
        agent: "reviewer",
        kind: "message",
        content: "Looks good, the square function is verified and approved.",
      },
      { id: "s2", agent: "reviewer", kind: "final", content: "Approved the square function. TERMINATE" },
    ],
    [msg("s0", "s1"), msg("s1", "s2")],
    { reviewer: "code reviewer" },
  );
}

/**
 * A rubber-stamp reviewer approving a wrong proposal it restates.
 * ```
 *  translator:s0 ✗ (wrong grammar, nothing checkable) ──message──▶ reviewer:s1 (approves, no check) ──message──▶ reviewer:s2 (ends)
 * ```
 * No detector can see the translator's error; the failure turns on the approval. Answer:
 * translator at s0 (it put forward what was approved), the reviewer a missed check.
 */
export function reviewerApprovesWrongProposal(): TTrace {
  return trace(
    "approved proposal",
    "failure",
    "Translate 'I like apples' into Tizin: verb first, then the direct object, then the subject.",
    [
      {
        id: "s0",
        agent: "translator",
        kind: "message",
        content: 'Verb, object, subject: the translation is "Maktay Zapple Pa".',
      },
      {
        id: "s1",
        agent: "reviewer",
        kind: "message",
        content: 'I have checked each step: "Maktay Zapple Pa" follows the rules. Verified and approved.',
      },
      { id: "s2", agent: "reviewer", kind: "message", content: "TERMINATE" },
    ],
    [msg("s0", "s1"), msg("s1", "s2")],
    { reviewer: "reviewer" },
  );
}

/** A successful run (no blame; credit split). */
export function successfulRun(): TTrace {
  return trace(
    "success",
    "success",
    "Add 120 and 35.",
    [
      { id: "s0", agent: "planner", kind: "message", content: "Plan: add the numbers 120 and 35 with the calculator." },
      {
        id: "s1",
        agent: "solver",
        kind: "tool_call",
        tool: { name: "calc", arguments: "120+35", result: "155" },
        status: "ok",
        content: "Adding 120 and 35 with the calculator.",
      },
      { id: "s2", agent: "solver", kind: "final", content: "The sum of 120 and 35 is 155." },
    ],
    [msg("s0", "s1", "delegation"), msg("s1", "s2")],
  );
}

export const TEST_GRAPHS = {
  culpritUpstreamVictimLast,
  errorThroughSharedState,
  badDelegation,
  twoWrongVoters,
  toolErrorRecovered,
  rubberStampReviewer,
  reviewerApprovesWrongProposal,
  successfulRun,
};
