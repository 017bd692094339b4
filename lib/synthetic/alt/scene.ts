/**
 * One run being written: its steps in a wire-neutral form, how tools are shown (a tool step with
 * its result, a call and a separate result, or a call written as text answered by a runner), and
 * the ground truth (who introduced the error, who carried it on, who approved it).
 */
import type { AltDomain } from "./domains";
import type { AltRng } from "./rng";
import type { AltFault, AltTopology, AltWire } from "./types";

export type AltStepKind = "message" | "tool_call" | "tool_result" | "state_write" | "state_read" | "delegate" | "final";
export type EdgeVia = "message" | "state" | "aggregation" | "delegation";

export interface AltStep {
  id: string;
  agent: string;
  kind: AltStepKind;
  content: string;
  tool?: { name: string; args: Record<string, unknown>; result?: string; error?: boolean };
  state?: { op: "read" | "write"; key: string; value: string };
  target?: string;
  /** Earlier steps whose output this step read, and through which channel. */
  reads: { id: string; via: EdgeVia }[];
  /** Chat wires: the speaker writes as the task giver (the opening task). */
  taskGiver?: boolean;
}

/** "joined": one tool step holding call and result; "split": a call step, then a result step; "text": a call in prose or code, answered by a runner. */
export type ToolStyle = "joined" | "split" | "text";

export interface ToolUse {
  call: string;
  /** The step that holds the tool's output (the call itself when joined). */
  output: string;
}

export class Scene {
  readonly steps: AltStep[] = [];
  readonly agents: string[] = [];
  task = "";
  private readonly culprits: { agent: string; step: string }[] = [];
  private readonly touched: string[] = [];
  private stamp?: { agent: string; restates: boolean };
  private readonly pendingDelegation = new Map<string, string>();

  constructor(
    readonly rng: AltRng,
    readonly topology: AltTopology,
    /** The fault being injected (a review loop's unchecked approval sets the proposer's own slip here). */
    public fault: AltFault,
    readonly wire: AltWire,
    readonly domain: AltDomain,
    readonly toolStyle: ToolStyle,
    readonly runner: string,
    readonly taskGiver: string,
  ) {}

  private add(step: Omit<AltStep, "id">): string {
    const id = `t${this.steps.length + 1}`;
    const reads = [...step.reads];
    const from = this.pendingDelegation.get(step.agent);
    if (from && step.agent !== this.taskGiver) {
      reads.push({ id: from, via: "delegation" });
      this.pendingDelegation.delete(step.agent);
    }
    if (step.agent !== this.taskGiver && step.agent !== this.runner && !this.agents.includes(step.agent))
      this.agents.push(step.agent);
    this.steps.push({ ...step, id, reads });
    return id;
  }

  open(task: string): string {
    this.task = task;
    return this.add({ agent: this.taskGiver, kind: "message", content: task, reads: [], taskGiver: true });
  }

  say(agent: string, content: string, reads: string[] = [], via: EdgeVia = "message"): string {
    return this.add({ agent, kind: "message", content, reads: reads.map((id) => ({ id, via })) });
  }

  delegate(agent: string, target: string, content: string, reads: string[] = []): string {
    const id = this.add({
      agent,
      kind: this.wire === "canonical" ? "delegate" : "message",
      content,
      target,
      reads: reads.map((r) => ({ id: r, via: "message" })),
    });
    this.pendingDelegation.set(target, id);
    return id;
  }

  final(agent: string, content: string, reads: string[] = [], via: EdgeVia = "message"): string {
    return this.add({
      agent,
      kind: this.wire === "canonical" && this.rng.coin() ? "final" : "message",
      content,
      reads: reads.map((id) => ({ id, via })),
    });
  }

  /**
   * A tool use. `preface` is what the agent says as it calls; `callText` how a call looks when
   * written out; `output` the tool's answer (already worded as JSON or prose).
   */
  useTool(
    agent: string,
    tool: string,
    args: Record<string, unknown>,
    output: string,
    opts: { preface?: string; error?: boolean; reads?: string[] } = {},
  ): ToolUse {
    const reads = (opts.reads ?? []).map((id) => ({ id, via: "message" as const }));
    const preface = opts.preface ?? "";
    if (this.toolStyle === "joined" && this.wire === "canonical") {
      const id = this.add({
        agent,
        kind: "tool_call",
        content: preface,
        tool: { name: tool, args, result: output, error: opts.error },
        reads,
      });
      return { call: id, output: id };
    }
    if (this.toolStyle !== "text" && this.wire !== "who-and-when") {
      const call = this.add({ agent, kind: "tool_call", content: preface, tool: { name: tool, args }, reads });
      const out = this.add({
        agent,
        kind: "tool_result",
        content: output,
        tool: { name: tool, args, result: output, error: opts.error },
        reads: [{ id: call, via: "message" }],
      });
      return { call, output: out };
    }
    const written = callAsText(this.rng, tool, args, this.wire === "who-and-when");
    const call = this.add({ agent, kind: "message", content: preface ? `${preface}\n${written}` : written, reads });
    const shown = this.wire === "who-and-when" ? executorOutput(output, opts.error === true) : output;
    const out = this.add({
      agent: this.runner,
      kind: "tool_result",
      content: shown,
      tool: { name: tool, args, result: output, error: opts.error },
      reads: [{ id: call, via: "message" }],
    });
    return { call, output: out };
  }

  write(agent: string, key: string, value: string, content: string, reads: string[] = []): string {
    return this.add({
      agent,
      kind: this.wire === "canonical" ? "state_write" : "message",
      content,
      state: this.wire === "canonical" ? { op: "write", key, value } : undefined,
      reads: reads.map((id) => ({ id, via: "message" })),
    });
  }

  /** A read of the board; chat logs have no separate read (the reader sees the post), so the post stands in. */
  read(agent: string, key: string, value: string, writeId: string): string {
    if (this.wire !== "canonical") return writeId;
    return this.add({
      agent,
      kind: "state_read",
      content: value,
      state: { op: "read", key, value },
      reads: [{ id: writeId, via: "state" }],
    });
  }

  /** The agent whose step introduced the error (call once per independent origin). */
  culprit(agent: string, step: string): void {
    this.culprits.push({ agent, step });
  }

  /** An agent other than the culprit passed the error on. */
  touch(agent: string): void {
    if (!this.culprits.some((c) => c.agent === agent)) this.touched.push(agent);
  }

  approvedBy(agent: string, restates: boolean): void {
    this.stamp = { agent, restates };
  }

  truth() {
    return {
      culprits: [...this.culprits],
      lastTouch: this.touched.at(-1),
      stamp: this.stamp,
    };
  }
}

/** A call written into a message: a function-call line, a code block, or a sentence naming tool and arguments. */
function callAsText(rng: AltRng, tool: string, args: Record<string, unknown>, code: boolean): string {
  const argList = Object.entries(args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(", ");
  if (code || rng.coin(0.4)) return "```python\nprint(" + tool + "(" + argList + "))\n```";
  return rng.coin() ? `→ ${tool}(${argList})` : `Invoking ${tool} with ${JSON.stringify(args)}.`;
}

/** A code runner's reply in the layout AG2 group chats log (the Who&When records' executor). */
function executorOutput(output: string, error: boolean): string {
  return error
    ? `exitcode: 1 (execution failed)\nCode output: ${output}`
    : `exitcode: 0 (execution succeeded)\nCode output: ${output}`;
}
