/**
 * One run of the reference multi-agent system. Deterministic: the same task, fault, overrides and
 * seed give the same trace. Agents talk by messages (span input/output), share a memory (tool spans
 * with a key), and the planner releases only answers whose verification record lists its checks.
 */
import type { Span } from "@opentelemetry/api";
import { groundTruth, splitChunks, taskText, workerNames, type Task } from "./task";
import type { Fault } from "./faults";
import { messages, RunTelemetry } from "./telemetry";

/** A replay's change to one action: re-run it honestly, remove its output, or substitute one. */
export interface ActionOverride {
  mode: "resample" | "drop" | "replace";
  output?: string;
}

export interface MasRunOptions {
  task: Task;
  fault?: Fault;
  /** Keyed by action (`worker_2#0`). */
  overrides?: ReadonlyMap<string, ActionOverride>;
  seed: string;
  startMs?: number;
  exportUrl?: string;
  serviceName?: string;
}

export interface MasRunResult {
  traceId: string;
  finalAnswer: string;
  outcome: "success" | "failure";
  /** The run as an OTLP/JSON export request. */
  otlp: Record<string, unknown>;
  spanActions: Map<string, string>;
}

type Behaviour =
  | { kind: "honest" }
  | { kind: "drop" }
  | { kind: "replace"; output: string }
  | { kind: "fault"; mode: Fault["mode"] };

const sumSquares = (xs: number[]) => xs.reduce((s, x) => s + x * x, 0);
const MODEL = "demo-deterministic";
const NO_ANSWER = "no verified answer";

/** What every phase of a run shares: its telemetry, the shared memory and the span helpers. */
interface RunContext {
  options: MasRunOptions;
  tel: RunTelemetry;
  behaviour: (agent: string, step: number) => Behaviour;
  memTool: (parent: Span, action: string, op: "read" | "write", key: string, value?: string) => string | undefined;
  chat: (parent: Span, action: string, input: string, output: string) => void;
  agentSpan: (parent: Span | undefined, agent: string, action: string, input: string) => Span;
  say: (span: Span, text: string) => string;
}

export async function runMas(options: MasRunOptions): Promise<MasRunResult> {
  const ctx = runContext(options);
  const { task } = options;
  const root = ctx.agentSpan(undefined, "planner", "planner#0", taskText(task));
  const workers = workerNames(task);
  runPlanner(ctx, root, workers);
  const reports = runWorkers(ctx, root, workers);
  runAggregator(ctx, root, workers, reports);
  runVerifier(ctx, root, workers);
  const finalAnswer = publish(ctx, root);
  const outcome = finalAnswer === String(groundTruth(task)) ? "success" : "failure";
  root.addEvent("gen_ai.evaluation.result", {
    "gen_ai.evaluation.name": "exact_match",
    "gen_ai.evaluation.score.label": outcome === "success" ? "pass" : "fail",
  });
  root.setAttribute("gen_ai.output.messages", messages("assistant", finalAnswer ? `Final answer: ${finalAnswer}` : ""));
  const traceId = root.spanContext().traceId;
  ctx.tel.end(root, outcome === "failure" ? `final answer "${finalAnswer}" is wrong` : undefined);
  const otlp = await ctx.tel.finish();
  return { traceId, finalAnswer, outcome, otlp, spanActions: ctx.tel.spanActions };
}

function runContext(options: MasRunOptions): RunContext {
  const tel = new RunTelemetry({
    seed: options.seed,
    startMs: options.startMs ?? Date.now(),
    serviceName: options.serviceName ?? "demo-mas",
    exportUrl: options.exportUrl,
  });
  const memory = new Map<string, string>();
  const behaviour = (agent: string, step: number): Behaviour => {
    const o = options.overrides?.get(`${agent}#${step}`);
    if (o?.mode === "resample") return { kind: "honest" };
    if (o?.mode === "drop") return { kind: "drop" };
    if (o?.mode === "replace") return { kind: "replace", output: o.output ?? "" };
    const f = options.fault;
    if (f && f.agent === agent && f.step === step)
      return f.mode === "drop" ? { kind: "drop" } : { kind: "fault", mode: f.mode };
    return { kind: "honest" };
  };
  const memTool = (parent: Span, action: string, op: "read" | "write", key: string, value?: string) => {
    const span = tel.start(
      `execute_tool memory_${op}`,
      {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": `memory_${op}`,
        "gen_ai.tool.call.arguments": JSON.stringify(op === "write" ? { key, value } : { key }),
      },
      parent,
      action,
    );
    if (op === "write") memory.set(key, value!);
    const result = op === "write" ? "ok" : (memory.get(key) ?? "(missing)");
    span.setAttribute("gen_ai.tool.call.result", result);
    tel.end(span);
    return op === "read" ? memory.get(key) : undefined;
  };
  return { options, tel, behaviour, memTool, ...spanHelpers(tel) };
}

function spanHelpers(tel: RunTelemetry): Pick<RunContext, "chat" | "agentSpan" | "say"> {
  const chat = (parent: Span, action: string, input: string, output: string) => {
    const span = tel.start(
      `chat ${MODEL}`,
      {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": MODEL,
        "gen_ai.input.messages": messages("user", input),
        "gen_ai.output.messages": messages("assistant", output),
        "gen_ai.usage.input_tokens": input.split(/\s+/).length,
        "gen_ai.usage.output_tokens": output.split(/\s+/).length,
      },
      parent,
      action,
    );
    tel.end(span);
  };
  const agentSpan = (parent: Span | undefined, agent: string, action: string, input: string) =>
    tel.start(
      `invoke_agent ${agent}`,
      {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": agent,
        "gen_ai.input.messages": messages("user", input),
      },
      parent,
      action,
    );
  const say = (span: Span, text: string) => {
    if (text) span.setAttribute("gen_ai.output.messages", messages("assistant", text));
    tel.end(span);
    return text;
  };
  return { chat, agentSpan, say };
}

/** Planner, first turn: split the task into one chunk per worker and share the plan. */
function runPlanner(ctx: RunContext, root: Span, workers: string[]): void {
  const { task } = ctx.options;
  const planB = ctx.behaviour("planner", 0);
  let plan: number[][] | undefined = splitChunks(task);
  if (planB.kind === "drop") plan = undefined;
  else if (planB.kind === "fault") plan = corruptPlan(plan);
  else if (planB.kind === "replace") plan = parsePlan(planB.output);
  if (!plan) return;
  const shared = plan;
  const planText = workers.map((w, i) => `${w} → [${(shared[i] ?? []).join(", ")}]`).join("; ");
  ctx.chat(root, "planner#0", taskText(task), `Plan: ${planText}`);
  ctx.memTool(root, "planner#0", "write", "plan", JSON.stringify(plan));
}

/** Workers: each reads its chunk from the plan and shares its partial sum of squares. */
function runWorkers(ctx: RunContext, root: Span, workers: string[]): string[] {
  const { chat, memTool, say } = ctx;
  const reports: string[] = [];
  workers.forEach((w, k) => {
    const action = `${w}#0`;
    const span = ctx.agentSpan(
      root,
      w,
      action,
      `${w}: compute the sum of squares of chunk ${k + 1} of the plan in shared memory.`,
    );
    const b = ctx.behaviour(w, 0);
    if (b.kind === "drop") return reports.push(say(span, ""));
    if (b.kind === "fault" && b.mode === "false_success") {
      memTool(span, action, "write", `partial/${w}`, "0");
      return reports.push(say(span, `${w}: done ✓ all numbers of chunk ${k + 1} processed, partial saved to memory.`));
    }
    const planText = memTool(span, action, "read", "plan");
    const chunk = planText ? (JSON.parse(planText) as number[][])[k] : undefined;
    if (!chunk) return reports.push(say(span, `${w}: no chunk ${k + 1} in the plan; nothing to compute.`));
    let partial = sumSquares(chunk);
    if (b.kind === "fault") partial += 7;
    const value = b.kind === "replace" ? b.output : String(partial);
    chat(span, action, `Sum of squares of [${chunk.join(", ")}]`, value);
    memTool(span, action, "write", `partial/${w}`, value);
    reports.push(say(span, `${w}: partial sum of squares of [${chunk.join(", ")}] = ${value}`));
  });
  return reports;
}

/** Aggregator: adds the shared partials into the total. */
function runAggregator(ctx: RunContext, root: Span, workers: string[], reports: string[]): void {
  const span = ctx.agentSpan(
    root,
    "aggregator",
    "aggregator#0",
    reports.filter(Boolean).join("\n") || "(no worker reported)",
  );
  const b = ctx.behaviour("aggregator", 0);
  if (b.kind === "drop") {
    ctx.say(span, "");
    return;
  }
  const partials = workers
    .map((w) => ctx.memTool(span, "aggregator#0", "read", `partial/${w}`))
    .filter((p): p is string => p !== undefined)
    .map(Number);
  let total = partials.reduce((s, x) => s + x, 0);
  let note = `Total of ${partials.length} partial(s) = `;
  if (b.kind === "fault" && b.mode === "false_success") {
    total = partials[0] ?? 0;
    note = "Total of all partials (complete, checked) = ";
  } else if (b.kind === "fault") total += 10;
  const value = b.kind === "replace" ? b.output : String(total);
  ctx.chat(span, "aggregator#0", `Add the partials ${partials.join(" + ")}`, value);
  ctx.memTool(span, "aggregator#0", "write", "total", value);
  ctx.say(span, `${note}${value}`);
}

/** Verifier: checks plan, completeness and consistency, and records its verdict. */
function runVerifier(ctx: RunContext, root: Span, workers: string[]): void {
  const { memTool, say } = ctx;
  const span = ctx.agentSpan(
    root,
    "verifier",
    "verifier#0",
    "Verify the total against the plan and the partials before release.",
  );
  const b = ctx.behaviour("verifier", 0);
  if (b.kind === "drop") say(span, "");
  else if (b.kind === "fault" && b.mode === "skip_verification") {
    memTool(span, "verifier#0", "write", "verification", JSON.stringify({ approved: true, checks: [] }));
    say(span, "APPROVED: looks good.");
  } else if (b.kind === "replace") {
    const approved = /approv/i.test(b.output) && !/reject/i.test(b.output);
    memTool(
      span,
      "verifier#0",
      "write",
      "verification",
      JSON.stringify({ approved, checks: [{ name: "replaced", ok: approved }] }),
    );
    say(span, b.output);
  } else verifyHonestly(ctx, span, workers, b.kind === "fault");
}

function verifyHonestly(ctx: RunContext, span: Span, workers: string[], wrongVerdict: boolean): void {
  const { memTool } = ctx;
  const planText = memTool(span, "verifier#0", "read", "plan");
  const partials = workers.map((w) => memTool(span, "verifier#0", "read", `partial/${w}`));
  const totalText = memTool(span, "verifier#0", "read", "total");
  const chunks = planText ? (JSON.parse(planText) as number[][]) : undefined;
  const present = partials.filter((p): p is string => p !== undefined).map(Number);
  const checks = [
    { name: "plan", ok: chunks !== undefined },
    {
      name: "completeness",
      ok: chunks !== undefined && chunks.every((c, i) => c.length === 0 || partials[i] !== undefined),
    },
    { name: "consistency", ok: totalText !== undefined && Number(totalText) === present.reduce((s, x) => s + x, 0) },
  ];
  let approved = checks.every((c) => c.ok);
  if (wrongVerdict) {
    approved = !approved;
    checks[2].ok = approved;
  }
  memTool(span, "verifier#0", "write", "verification", JSON.stringify({ approved, checks }));
  const failed = checks.filter((c) => !c.ok).map((c) => c.name);
  ctx.say(
    span,
    approved
      ? `APPROVED: total ${totalText} passes ${checks.map((c) => c.name).join(", ")} checks.`
      : `REJECTED: failed ${failed.join(", ")} check(s).`,
  );
}

/** Planner, second turn: publish the total only when the verification approved it with its checks. */
function publish(ctx: RunContext, root: Span): string {
  const pubB = ctx.behaviour("planner", 1);
  const verificationText = ctx.memTool(root, "planner#1", "read", "verification");
  const totalText = ctx.memTool(root, "planner#1", "read", "total");
  const verification = verificationText
    ? (JSON.parse(verificationText) as { approved: boolean; checks: { ok: boolean }[] })
    : undefined;
  let finalAnswer =
    verification?.approved &&
    verification.checks.length > 0 &&
    verification.checks.every((c) => c.ok) &&
    totalText !== undefined
      ? totalText
      : NO_ANSWER;
  if (pubB.kind === "drop") finalAnswer = "";
  else if (pubB.kind === "replace") finalAnswer = pubB.output;
  else if (pubB.kind === "fault") finalAnswer = String(Number(totalText ?? 0) + 1);
  if (pubB.kind !== "drop")
    ctx.chat(
      root,
      "planner#1",
      `Release the verified total (verification: ${verificationText ?? "missing"})`,
      `Final answer: ${finalAnswer}`,
    );
  return finalAnswer;
}

/** A typo in the plan: the last number of the last non-empty chunk is off by one. */
function corruptPlan(plan: number[][]): number[][] {
  const out = plan.map((c) => [...c]);
  for (let i = out.length - 1; i >= 0; i--)
    if (out[i].length) {
      out[i][out[i].length - 1] += 1;
      break;
    }
  return out;
}

function parsePlan(text: string): number[][] | undefined {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) && v.every((c) => Array.isArray(c) && c.every((x) => typeof x === "number"))
      ? v
      : undefined;
  } catch {
    return undefined;
  }
}
