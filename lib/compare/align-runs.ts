/**
 * Step alignment of two runs: agents matched by name and role, then steps aligned by weighted
 * edit distance over (agent, kind class, normalized content) signatures. Each aligned row is then
 * classified. A wrapper span with no text is never a divergence; between two different formats,
 * neither is a step whose text is folded into a neighbouring step on the other side, nor a step of a
 * kind the other format does not record at all: those are granularity, not behaviour.
 */
import type { TAgent, TStep } from "../trace/schema";
import { alignSequences, type AlignmentResult } from "./align-sequences";
import { matchAgents, type AgentMatch } from "./match-agents";
import {
  fingerprintSimilarity,
  kindClass,
  stepSignature,
  tokenContainment,
  tokenJaccard,
  type StepSignature,
} from "./step-signature";

export type RowStatus = "same" | "equivalent" | "changed" | "only-a" | "only-b" | "granularity";

export interface AlignedRow {
  /** Step index in run A (null: nothing on A's side of this row). */
  a: number | null;
  b: number | null;
  aStepId: string | null;
  bStepId: string | null;
  status: RowStatus;
  /** Changed content or a step missing on one side: the runs behaved differently here. */
  divergent: boolean;
  /** Why the row got its status, in words ("value 1532 → 1385"). */
  note: string;
  /** Divergent only because one side errored: the same content, another status. */
  statusOnly?: boolean;
}

export interface RunAlignment {
  agents: AgentMatch[];
  rows: AlignedRow[];
  /**
   * Row index of the first changed content (a changed value or text, a step only one run has), else
   * of the first status-only change; null when the runs never diverge. A status alone is what the
   * outcome already says (a failed run's root span errors); the content is where behaviour changed.
   */
  firstDivergence: number | null;
  counts: Record<RowStatus, number>;
  method: AlignmentResult["method"];
  cost: number;
}

export interface AlignableRun {
  agents: TAgent[];
  steps: TStep[];
  /** Source format; folding and missing-kind tolerance only apply between different formats. */
  run?: { sourceFormat?: string | null };
}

/** Integer costs: an insertion or deletion is 16; pairing is 0 (identical) to 16 (same agent and class, nothing in common). */
const INDEL = 16;
const NEVER = 2 * INDEL + 1;
/** Values equal and this much token overlap: the same act, worded differently (another format, another model sample). */
const EQUIVALENT_JACCARD = 0.5;
/** This share of a step's tokens found in its neighbour on the other side: the other format folded it in. */
const FOLDED_CONTAINMENT = 0.8;
/** How far (in rows) an unpaired step looks for the step that may have absorbed it. */
const FOLD_REACH = 3;

/** Aligns the steps of two runs and marks the first divergence. Deterministic. */
export function alignRuns(runA: AlignableRun, runB: AlignableRun): RunAlignment {
  const agents = matchAgents(runA.agents, runB.agents);
  const keyA = new Map(agents.filter((m) => m.a !== null).map((m) => [m.a!, m.key]));
  const keyB = new Map(agents.filter((m) => m.b !== null).map((m) => [m.b!, m.key]));
  const sigA = runA.steps.map(stepSignature);
  const sigB = runB.steps.map(stepSignature);
  const ids = new Map<string, number>();
  const idOf = (text: string) => {
    let id = ids.get(text);
    if (id === undefined) ids.set(text, (id = ids.size));
    return id;
  };
  const encode = (steps: TStep[], sigs: StepSignature[], keys: Map<string, string>) => ({
    group: Int32Array.from(steps, (s) => idOf(`${keys.get(s.agent) ?? `?${s.agent}`}\u0000${kindClass(s.kind)}`)),
    text: Int32Array.from(sigs, (s, i) => idOf(`\u0001${steps[i].kind}\u0000${s.text}`)),
    print0: Int32Array.from(sigs, (s) => s.print0),
    print1: Int32Array.from(sigs, (s) => s.print1),
  });
  const A = encode(runA.steps, sigA, keyA);
  const B = encode(runB.steps, sigB, keyB);
  const result = alignSequences(runA.steps.length, runB.steps.length, {
    indel: INDEL,
    groupsA: A.group,
    groupsB: B.group,
    substitute: (i, j) => {
      if (A.group[i] !== B.group[j]) return NEVER; // the aligner skips these; kept for the prefix scan
      if (A.text[i] === B.text[j]) return 0;
      return 4 + Math.round(12 * (1 - fingerprintSimilarity(A.print0[i], A.print1[i], B.print0[j], B.print1[j])));
    },
  });
  const rows: AlignedRow[] = result.pairs.map(({ a, b }) => {
    const stepA = a >= 0 ? runA.steps[a] : null;
    const stepB = b >= 0 ? runB.steps[b] : null;
    const base = { a: a >= 0 ? a : null, b: b >= 0 ? b : null, aStepId: stepA?.id ?? null, bStepId: stepB?.id ?? null };
    if (stepA && stepB) return { ...base, ...classifyPair(stepA, stepB, sigA[a], sigB[b]) };
    return { ...base, status: stepA ? "only-a" : "only-b", divergent: true, note: "" } as AlignedRow;
  });
  markGranularity(rows, runA, runB, sigA, sigB, keyA, keyB);
  const counts: Record<RowStatus, number> = {
    same: 0,
    equivalent: 0,
    changed: 0,
    "only-a": 0,
    "only-b": 0,
    granularity: 0,
  };
  for (const row of rows) counts[row.status]++;
  const content = rows.findIndex((r) => r.divergent && !r.statusOnly);
  const first = content >= 0 ? content : rows.findIndex((r) => r.divergent);
  return { agents, rows, firstDivergence: first < 0 ? null : first, counts, method: result.method, cost: result.cost };
}

function classifyPair(
  a: TStep,
  b: TStep,
  sa: StepSignature,
  sb: StepSignature,
): Pick<AlignedRow, "status" | "divergent" | "note" | "statusOnly"> {
  const content = classifyContent(a, b, sa, sb);
  // Formats disagree on "ok" vs "unset"; only an error on one side and not the other is a change.
  if ((a.status === "error") === (b.status === "error")) return content;
  const status = `status ${a.status} → ${b.status}`;
  if (content.divergent) return { ...content, note: `${content.note}; ${status}` };
  return { status: "changed", divergent: true, note: status, statusOnly: true };
}

function classifyContent(
  a: TStep,
  b: TStep,
  sa: StepSignature,
  sb: StepSignature,
): Pick<AlignedRow, "status" | "divergent" | "note"> {
  if (sa.text === sb.text)
    return a.kind === b.kind
      ? { status: "same", divergent: false, note: "" }
      : { status: "equivalent", divergent: false, note: `${a.kind} ≈ ${b.kind}` };
  const valueChange = firstValueChange(sa.values, sb.values);
  if (valueChange) return { status: "changed", divergent: true, note: valueChange };
  const similar =
    tokenJaccard(sa.tokens, sb.tokens) >= EQUIVALENT_JACCARD ||
    tokenContainment(sa.tokens, sb.tokens) >= FOLDED_CONTAINMENT ||
    tokenContainment(sb.tokens, sa.tokens) >= FOLDED_CONTAINMENT;
  return similar
    ? { status: "equivalent", divergent: false, note: "same values, different wording" }
    : { status: "changed", divergent: true, note: "content differs" };
}

/** "value 1532 → 1385" for the first differing value of two sorted value lists, or null when the values agree. */
function firstValueChange(a: string[], b: string[]): string | null {
  if (a.length === b.length && a.every((v, i) => v === b[i])) return null;
  const onlyA = a.filter((v) => !b.includes(v));
  const onlyB = b.filter((v) => !a.includes(v));
  if (onlyA.length === 0 && onlyB.length === 0) return null; // same values, repeated a different number of times
  return `value ${onlyA[0] ?? "—"} → ${onlyB[0] ?? "—"}`;
}

/** Re-labels unpaired steps that another format simply does not record as a step of its own. */
function markGranularity(
  rows: AlignedRow[],
  runA: AlignableRun,
  runB: AlignableRun,
  sigA: StepSignature[],
  sigB: StepSignature[],
  keyA: Map<string, string>,
  keyB: Map<string, string>,
) {
  // A chat log has no tool or state steps at all: the finer format's extra kinds cannot diverge from it.
  const crossFormat = (runA.run?.sourceFormat ?? "culprit") !== (runB.run?.sourceFormat ?? "culprit");
  const classesA = new Set(runA.steps.map((s) => kindClass(s.kind)));
  const classesB = new Set(runB.steps.map((s) => kindClass(s.kind)));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (row.status !== "only-a" && row.status !== "only-b") continue;
    const onA = row.status === "only-a";
    const index = (onA ? row.a : row.b)!;
    const sig = (onA ? sigA : sigB)[index];
    const step = (onA ? runA : runB).steps[index];
    if (sig.empty) {
      Object.assign(row, { status: "granularity", divergent: false, note: "no text of its own (wrapper step)" });
      continue;
    }
    if (!crossFormat) continue;
    const cls = kindClass(step.kind);
    if (!(onA ? classesB : classesA).has(cls)) {
      Object.assign(row, {
        status: "granularity",
        divergent: false,
        note: `run ${onA ? "B" : "A"} records no ${cls} steps`,
      });
      continue;
    }
    const myKey = (onA ? keyA : keyB).get(step.agent);
    for (let d = 1; d <= FOLD_REACH; d++) {
      const host = [rows[r - d], rows[r + d]].find((n) => {
        const other = n ? (onA ? n.b : n.a) : null;
        if (other === null) return false;
        const otherStep = (onA ? runB : runA).steps[other];
        if ((onA ? keyB : keyA).get(otherStep.agent) !== myKey) return false;
        return tokenContainment(sig.tokens, (onA ? sigB : sigA)[other].tokens) >= FOLDED_CONTAINMENT;
      });
      if (host) {
        const hostId = onA ? host.bStepId : host.aStepId;
        Object.assign(row, {
          status: "granularity",
          divergent: false,
          note: `folded into ${onA ? "B" : "A"}'s step ${hostId}`,
        });
        break;
      }
    }
  }
}
