/**
 * Verification: which steps check earlier work, what checking cost, and which checks were rubber stamps.
 *
 * A verifier is an agent whose name, role or description says it reviews (verify, review, critic,
 * check, QA, judge, audit, validate, inspect, approve, evaluate, grade), or whose messages mostly open
 * with a verdict. Every utterance of a verifier is a verification step; another agent's utterance is
 * one when it opens with an explicit verdict ("Approved", "Rejected", "LGTM", "Verified").
 *
 * A check is *sourced* when the checker consulted a source: it called a tool since the last message
 * of another agent, or it cites a value (a number) that a tool output or the task holds. An approval
 * that is not sourced is a *rubber stamp*: the peer accepted the work without comparing it to anything
 * (the "verification collapse" of published multi-agent studies).
 */
import type { TTrace } from "../../trace/schema";
import { isToolStep } from "./tools";
import type { StepFacts } from "./step-facts";
import type { TrajectoryReport } from "./types";
import { round6 as round } from "../round6";
import { allMatches } from "../all-matches";

const VERIFIER_WORDS = /(verif|review|critic|check|\bqa\b|judge|audit|validat|inspect|approv|evaluat|grader)/i;
const OPENING_VERDICT =
  /^\W{0,5}(approved|rejected|lgtm|verified|verification (?:passed|failed)|i (?:have )?(?:verified|checked|reviewed))\b/i;
const APPROVAL =
  /\b(approved?|approves|lgtm|looks (?:good|correct|right|fine)|(?:is|are|seems|appears) (?:correct|accurate|right|valid)|verified|confirm(?:ed|s)?|no (?:issues|errors|problems)|passe[sd])\b/i;
const REJECTION =
  /\b(reject(?:ed|s)?|incorrect|not correct|inaccurate|wrong|needs? (?:revision|changes|fixing)|discrepanc\w*|does not match|doesn't match|mismatch)\b/i;
const NUMBER_RE = /-?\d[\d,]*(?:\.\d+)?/g;
/** Only so much of a text is scanned for a verdict: verdicts open a review, they don't hide at its end. */
const VERDICT_WINDOW = 300;

export interface VerificationFacts {
  report: TrajectoryReport["verification"];
  isVerification: Uint8Array;
  rubberStamp: Uint8Array;
}

export function numbersIn(text: string, limit = 2000): string[] {
  const out: string[] = [];
  for (const m of allMatches(NUMBER_RE, text)) {
    const v = m[0].replace(/,/g, "").replace(/\.0+$/, "");
    // One-digit values (list markers, "step 2") say nothing about where a value came from.
    if (v.replace(/^-/, "").length >= 2) out.push(v);
    if (out.length >= limit) break;
  }
  return out;
}

export function verifierAgents(trace: TTrace): Set<string> {
  const out = new Set<string>();
  for (const a of trace.agents)
    if (VERIFIER_WORDS.test(`${a.name} ${a.role ?? ""} ${(a.description ?? "").slice(0, 500)}`)) out.add(a.name);
  // Behaviour: an agent most of whose messages open with a verdict is reviewing, whatever its name.
  const verdicts = new Map<string, [number, number]>();
  for (const s of trace.steps) {
    if (isToolStep(s) || !s.content) continue;
    const c = verdicts.get(s.agent) ?? [0, 0];
    c[1]++;
    if (OPENING_VERDICT.test(s.content.slice(0, VERDICT_WINDOW))) c[0]++;
    verdicts.set(s.agent, c);
  }
  for (const [agent, [v, all]] of verdicts) if (v > 0 && v * 2 >= all) out.add(agent);
  return out;
}

export function verificationFacts(trace: TTrace, f: StepFacts): VerificationFacts {
  const steps = trace.steps;
  const n = steps.length;
  const verifiers = verifierAgents(trace);
  const sourceNumbers = new Set<string>(numbersIn(trace.run.task ?? ""));
  const isVerification = new Uint8Array(n);
  const rubberStamp = new Uint8Array(n);
  let count = 0;
  let tokens = 0;
  let all = 0;
  let sourced = 0;
  let stamps = 0;
  const quarter = [0, 0, 0, 0].map(() => [0, 0]);
  // Agents that called a tool since another agent last spoke.
  const consulted = new Set<string>();
  for (let i = 0; i < n; i++) {
    const s = steps[i];
    all += f.counted[i];
    if (isToolStep(s)) {
      consulted.add(s.agent);
      for (const x of numbersIn(`${s.content} ${s.tool?.result ?? ""}`)) sourceNumbers.add(x);
      continue;
    }
    if (!f.utterance[i]) continue;
    const head = s.content.slice(0, VERDICT_WINDOW);
    const verification = verifiers.has(s.agent) ? s.content.length > 0 : OPENING_VERDICT.test(head);
    if (verification) {
      isVerification[i] = 1;
      count++;
      tokens += f.counted[i];
      const cited = numbersIn(s.content, 200).some((x) => sourceNumbers.has(x));
      const isSourced = consulted.has(s.agent) || cited;
      const approves = APPROVAL.test(head) && !REJECTION.test(head);
      const q = quarter[Math.min(3, Math.floor((4 * i) / Math.max(1, n)))];
      q[1]++;
      if (isSourced) sourced++;
      else if (approves) {
        stamps++;
        rubberStamp[i] = 1;
        q[0]++;
      }
    }
    // Another agent spoke: earlier tool calls no longer count as this agent's check of *this* work.
    for (const a of [...consulted]) if (a !== s.agent) consulted.delete(a);
  }
  return {
    report: {
      steps: count,
      tokens,
      costShare: all > 0 ? round(tokens / all) : 0,
      sourcedChecks: sourced,
      rubberStamps: stamps,
      collapseRate: count > 0 ? round(stamps / count) : 0,
      collapseByQuarter: quarter.map(([s, c]) => (c > 0 ? round(s / c) : null)),
    },
    isVerification,
    rubberStamp,
  };
}
