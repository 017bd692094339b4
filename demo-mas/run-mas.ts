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

type Behaviour = { kind: "honest" } | { kind: "drop" } | { kind: "replace"; output: string } | { kind: "fault"; mode: Fault["mode"] };

const sumSquares = (xs: number[]) => xs.reduce((s, x) => s + x * x, 0);
const MODEL = "demo-deterministic";
const NO_ANSWER = "no verified answer";

export async function runMas(options: MasRunOptions): Promise<MasRunResult> {
  const { task } = options;
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
    if (f && f.agent === agent && f.step === step) return f.mode === "drop" ? { kind: "drop" } : { kind: "fault", mode: f.mode };
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
      { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": agent, "gen_ai.input.messages": messages("user", input) },
      parent,
      action,
    );
  const say = (span: Span, text: string) => {
    if (text) span.setAttribute("gen_ai.output.messages", messages("assistant", text));
    tel.end(span);
    return text;
  };

  // Planner: plan.
  const root = agentSpan(undefined, "planner", "planner#0", taskText(task));
  const planB = behaviour("planner", 0);
  let plan: number[][] | undefined = splitChunks(task);
  if (planB.kind === "drop") plan = undefined;
  else if (planB.kind === "fault") plan = corruptPlan(plan);
  else if (planB.kind === "replace") plan = parsePlan(planB.output);
  const workers = workerNames(task);
  if (plan) {
    const planText = workers.map((w, i) => `${w} → [${(plan![i] ?? []).join(", ")}]`).join("; ");
    chat(root, "planner#0", taskText(task), `Plan: ${planText}`);
    memTool(root, "planner#0", "write", "plan", JSON.stringify(plan));
  }

  // Workers.
  const reports: string[] = [];
  workers.forEach((w, k) => {
    const action = `${w}#0`;
    const span = agentSpan(root, w, action, `${w}: compute the sum of squares of chunk ${k + 1} of the plan in shared memory.`);
    const b = behaviour(w, 0);
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

  // Aggregator.
  {
    const span = agentSpan(root, "aggregator", "aggregator#0", reports.filter(Boolean).join("\n") || "(no worker reported)");
    const b = behaviour("aggregator", 0);
    if (b.kind === "drop") say(span, "");
    else {
      const partials = workers
        .map((w) => memTool(span, "aggregator#0", "read", `partial/${w}`))
        .filter((p): p is string => p !== undefined)
        .map(Number);
      let total = partials.reduce((s, x) => s + x, 0);
      let note = `Total of ${partials.length} partial(s) = `;
      if (b.kind === "fault" && b.mode === "false_success") {
        total = partials[0] ?? 0;
        note = "Total of all partials (complete, checked) = ";
      } else if (b.kind === "fault") total += 10;
      const value = b.kind === "replace" ? b.output : String(total);
      chat(span, "aggregator#0", `Add the partials ${partials.join(" + ")}`, value);
      memTool(span, "aggregator#0", "write", "total", value);
      say(span, `${note}${value}`);
    }
  }

  // Verifier.
  {
    const span = agentSpan(root, "verifier", "verifier#0", "Verify the total against the plan and the partials before release.");
    const b = behaviour("verifier", 0);
    if (b.kind === "drop") say(span, "");
    else if (b.kind === "fault" && b.mode === "skip_verification") {
      memTool(span, "verifier#0", "write", "verification", JSON.stringify({ approved: true, checks: [] }));
      say(span, "APPROVED: looks good.");
    } else if (b.kind === "replace") {
      const approved = /approv/i.test(b.output) && !/reject/i.test(b.output);
      memTool(span, "verifier#0", "write", "verification", JSON.stringify({ approved, checks: [{ name: "replaced", ok: approved }] }));
      say(span, b.output);
    } else {
      const planText = memTool(span, "verifier#0", "read", "plan");
      const partials = workers.map((w) => memTool(span, "verifier#0", "read", `partial/${w}`));
      const totalText = memTool(span, "verifier#0", "read", "total");
      const chunks = planText ? (JSON.parse(planText) as number[][]) : undefined;
      const present = partials.filter((p): p is string => p !== undefined).map(Number);
      const checks = [
        { name: "plan", ok: chunks !== undefined },
        { name: "completeness", ok: chunks !== undefined && chunks.every((c, i) => c.length === 0 || partials[i] !== undefined) },
        { name: "consistency", ok: totalText !== undefined && Number(totalText) === present.reduce((s, x) => s + x, 0) },
      ];
      let approved = checks.every((c) => c.ok);
      if (b.kind === "fault") {
        approved = !approved; // a wrong verdict
        checks[2].ok = approved;
      }
      memTool(span, "verifier#0", "write", "verification", JSON.stringify({ approved, checks }));
      const failed = checks.filter((c) => !c.ok).map((c) => c.name);
      say(
        span,
        approved ? `APPROVED: total ${totalText} passes ${checks.map((c) => c.name).join(", ")} checks.` : `REJECTED: failed ${failed.join(", ")} check(s).`,
      );
    }
  }

  // Planner: publish what was verified.
  const pubB = behaviour("planner", 1);
  const verificationText = memTool(root, "planner#1", "read", "verification");
  const totalText = memTool(root, "planner#1", "read", "total");
  const verification = verificationText ? (JSON.parse(verificationText) as { approved: boolean; checks: { ok: boolean }[] }) : undefined;
  let finalAnswer =
    verification?.approved && verification.checks.length > 0 && verification.checks.every((c) => c.ok) && totalText !== undefined ? totalText : NO_ANSWER;
  if (pubB.kind === "drop") finalAnswer = "";
  else if (pubB.kind === "replace") finalAnswer = pubB.output;
  else if (pubB.kind === "fault") finalAnswer = String(Number(totalText ?? 0) + 1);
  if (pubB.kind !== "drop")
    chat(root, "planner#1", `Release the verified total (verification: ${verificationText ?? "missing"})`, `Final answer: ${finalAnswer}`);
  const outcome = finalAnswer === String(groundTruth(task)) ? "success" : "failure";
  root.addEvent("gen_ai.evaluation.result", {
    "gen_ai.evaluation.name": "exact_match",
    "gen_ai.evaluation.score.label": outcome === "success" ? "pass" : "fail",
  });
  root.setAttribute("gen_ai.output.messages", messages("assistant", finalAnswer ? `Final answer: ${finalAnswer}` : ""));
  const traceId = root.spanContext().traceId;
  tel.end(root, outcome === "failure" ? `final answer "${finalAnswer}" is wrong` : undefined);
  const otlp = await tel.finish();
  return { traceId, finalAnswer, outcome, otlp, spanActions: tel.spanActions };
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
    return Array.isArray(v) && v.every((c) => Array.isArray(c) && c.every((x) => typeof x === "number")) ? v : undefined;
  } catch {
    return undefined;
  }
}
