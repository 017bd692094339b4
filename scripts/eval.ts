/**
 * Evaluates the offline engine on Who&When-format folders (`npm run eval -- [folder]`).
 * For each subset folder (e.g. Algorithm-Generated, Hand-Crafted) prints agent-level and
 * step-level accuracy (exact, within 1 and 2 steps) beside the published baselines and the
 * trivial "blame the last agent" heuristic computed on the same files. Steps are compared by
 * their Who&When history index (the step's `sourceRef`). No LLM, no network.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { importTrace } from "../lib/importers/index";
import { analyzeTrace } from "../lib/attribution/index";
import type { TTrace } from "../lib/trace/schema";

const PUBLISHED: Record<string, { random: [number, number]; gpt4oAllAtOnce: [number, number] }> = {
  "Algorithm-Generated": { random: [29.1, 19.1], gpt4oAllAtOnce: [54.3, 12.5] },
  "Hand-Crafted": { random: [12.0, 4.2], gpt4oAllAtOnce: [55.2, 5.3] },
};

interface Tally {
  n: number;
  agent: number;
  step0: number;
  step1: number;
  step2: number;
  lastAgent: number;
  lastStep: number;
  failed: number;
  /** Decisions made by the exposure prior (no evidence-backed repair explains the failure). */
  prior: number;
  /** Decisions whose step within the chosen agent was set by a dead end (see lib/attribution/dead-end.ts). */
  deadEnd: number;
}

function labelOf(trace: TTrace, raw: Record<string, unknown>): { agent?: string; step?: number } {
  const label = trace.labels[0];
  const byId = label?.stepId ? trace.steps.find((s) => s.id === label.stepId) : undefined;
  const stepRef = byId?.sourceRef ?? (raw["mistake_step"] !== undefined ? String(raw["mistake_step"]) : undefined);
  return { agent: label?.agent ?? (raw["mistake_agent"] as string | undefined), step: stepRef !== undefined ? Number(stepRef) : undefined };
}

/** The trivial heuristic: the last step spoken by an agent that is neither a tool nor the human. */
function lastAgentStep(trace: TTrace): { agent?: string; step?: number } {
  for (let i = trace.steps.length - 1; i >= 0; i--) {
    const s = trace.steps[i];
    if (s.kind === "tool_result" || /^(human|user)$/i.test(s.agent)) continue;
    return { agent: s.agent, step: Number(s.sourceRef ?? i) };
  }
  return {};
}

function evaluate(folder: string): Tally {
  const t: Tally = { n: 0, agent: 0, step0: 0, step1: 0, step2: 0, lastAgent: 0, lastStep: 0, failed: 0, prior: 0, deadEnd: 0 };
  const files = readdirSync(folder).filter((f) => f.endsWith(".json")).sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b));
  for (const f of files) {
    const text = readFileSync(path.join(folder, f), "utf8");
    let trace: TTrace;
    try {
      trace = importTrace(text, { format: "who-and-when", fileName: f }).trace;
    } catch (err) {
      t.failed++;
      console.error(`  ${f}: import failed: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    const gold = labelOf(trace, JSON.parse(text) as Record<string, unknown>);
    const report = analyzeTrace(trace);
    const pred = report.decisive;
    const step = pred ? Number(pred.sourceRef) : NaN;
    t.n++;
    if (pred && /exposure prior/.test(pred.evidence.note)) t.prior++;
    if (pred && /dead end|ineffective action/.test(pred.evidence.note)) t.deadEnd++;
    if (pred && pred.agent === gold.agent) t.agent++;
    if (gold.step !== undefined && Number.isFinite(step)) {
      const d = Math.abs(step - gold.step);
      if (d === 0) t.step0++;
      if (d <= 1) t.step1++;
      if (d <= 2) t.step2++;
    }
    const last = lastAgentStep(trace);
    if (last.agent === gold.agent) t.lastAgent++;
    if (last.step === gold.step) t.lastStep++;
    if (process.env.EVAL_VERBOSE) console.log(`  ${f}: gold ${gold.agent}@${gold.step} · pred ${pred?.agent}@${pred?.sourceRef} · ${report.interaction.class}`);
  }
  return t;
}

const pct = (x: number, n: number) => (n ? ((100 * x) / n).toFixed(1) : "-").padStart(5);

function main() {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../../shared/eval/data/who_and_when"));
  const subsets = readdirSync(root)
    .filter((d) => statSync(path.join(root, d)).isDirectory())
    .sort();
  const folders = subsets.length ? subsets.map((d) => path.join(root, d)) : [root];
  console.log(`Who&When evaluation of the offline engine (no LLM), ${root}`);
  console.log("subset                 n   agent  step  ±1    ±2   | last-agent agent/step | random agent/step | GPT-4o all-at-once");
  for (const folder of folders) {
    const name = path.basename(folder);
    const started = performance.now();
    const t = evaluate(folder);
    const ms = performance.now() - started;
    const pub = PUBLISHED[name];
    console.log(
      `${name.padEnd(20)} ${String(t.n).padStart(3)}  ${pct(t.agent, t.n)} ${pct(t.step0, t.n)} ${pct(t.step1, t.n)} ${pct(t.step2, t.n)} | ${pct(t.lastAgent, t.n)} / ${pct(t.lastStep, t.n)}      | ` +
        (pub ? `${pub.random[0].toFixed(1)} / ${pub.random[1].toFixed(1)}       | ${pub.gpt4oAllAtOnce[0].toFixed(1)} / ${pub.gpt4oAllAtOnce[1].toFixed(1)}` : "n/a") +
        `   (${(ms / Math.max(1, t.n)).toFixed(1)} ms/run, ${t.prior}/${t.n} by the exposure prior, ${t.deadEnd} steps set by a dead end${t.failed ? `, ${t.failed} import failures` : ""})`,
    );
  }
}

main();
