/**
 * What every topology shares: the task (entities, year, true values), tool lookups with their
 * distractors (recovered errors, irrelevant numbers), wrong-value makers, and the provenance
 * record from which the ground-truth label is built (who introduced the wrong value, in which
 * span, who relayed it, who approved it).
 */
import { GenAiRun, type AgentCall, type MemoryStyle, type OutcomeStyle } from "./genai-run";
import type { SpanRef } from "./otlp-json";
import { formatNumber, toolErrorAck } from "./phrasing";
import type { Rng } from "./prng";
import type { FaultKind, SyntheticLabel, Topology } from "./types";
import {
  DESCRIPTIONS,
  DOMAINS,
  MEMORY_TOOLS,
  MODELS,
  NOISE,
  SIDE_REMARKS,
  STATUS_MESSAGES,
  STATUS_TOOLS,
  TOOL_ERRORS,
  type DescribedRole,
  type Domain,
} from "./vocabulary";

export interface LookupResult {
  value: number;
  /** The successful tool span, or the failed one when the lookup failed for good. */
  span: SpanRef;
  ok: boolean;
  /** The tool output text the agent saw. */
  text: string;
}

const RESULT_FORMATS = ["json", "text", "csv"] as const;

export class Scenario {
  readonly domain: Domain;
  readonly year: number;
  /** The year a lookup without a year constraint returns (the latest data). */
  readonly latestYear: number;
  readonly entities: string[];
  readonly run: GenAiRun;
  readonly outcomeStyle: OutcomeStyle;
  readonly memoryStyle: MemoryStyle;
  readonly memoryTools: (typeof MEMORY_TOOLS)[number];
  readonly tool: string;
  readonly source: string;
  readonly distractors = new Set<string>();
  private readonly values = new Map<string, number>();
  private readonly resultFormat: (typeof RESULT_FORMATS)[number];
  private readonly origins: { agent: string; step: string; container?: string; value?: number }[] = [];
  private readonly touches: string[] = [];
  private rubberStamp?: string;
  private readonly withDescriptions: boolean;

  constructor(
    readonly rng: Rng,
    readonly topology: Topology,
    readonly fault: FaultKind,
    entityCount: number,
  ) {
    this.domain = rng.pick(DOMAINS);
    this.year = rng.int(2016, 2023);
    this.latestYear = rng.int(this.year + 1, 2025);
    this.entities = rng.shuffle(this.domain.entities).slice(0, entityCount);
    this.tool = rng.pick(this.domain.tools);
    this.source = rng.pick(this.domain.source);
    this.resultFormat = rng.pick(RESULT_FORMATS);
    this.outcomeStyle = rng.chance(0.5) ? "status" : "evaluation";
    this.memoryStyle = rng.chance(0.7) ? "tool" : "memory-span";
    this.memoryTools = rng.pick(MEMORY_TOOLS);
    this.withDescriptions = rng.chance(0.6);
    const service = `${topology}-${rng.pick(["agents", "crew", "mas", "graph", "team"])}`;
    this.run = new GenAiRun(
      rng,
      service,
      rng.pick(MODELS),
      Date.UTC(2026, rng.int(0, 10), rng.int(1, 28), rng.int(6, 20), rng.int(0, 59)),
    );
  }

  /** The true value of an entity's metric in a year (drawn once, then fixed). */
  valueOf(entity: string, year: number): number {
    const key = `${entity}|${year}`;
    let v = this.values.get(key);
    if (v === undefined) {
      v = this.rng.int(this.domain.range[0], this.domain.range[1]);
      this.values.set(key, v);
    }
    return v;
  }

  get truth(): number {
    return this.entities.reduce((s, e) => s + this.valueOf(e, this.year), 0);
  }

  fmt(v: number): string {
    return formatNumber(this.rng, v);
  }

  /**
   * A tool lookup of one entity. `year` undefined: the tool answers with the latest year.
   * `fail`: the tool errors and the agent does not retry. Otherwise an error may be recovered by
   * one retry (a distractor: an error that harms nothing).
   */
  lookup(call: AgentCall, entity: string, year: number | undefined, opts: { fail?: boolean } = {}): LookupResult {
    const args: Record<string, unknown> = { entity, metric: this.domain.metric };
    if (year !== undefined) args.year = year;
    if (opts.fail) {
      const span = this.run.tool(call, this.tool, args, { error: this.rng.pick(TOOL_ERRORS) });
      return { value: NaN, span, ok: false, text: "" };
    }
    if (this.rng.chance(0.2)) {
      this.run.tool(call, this.tool, args, { error: this.rng.pick(TOOL_ERRORS) });
      this.run.chat(call, `The ${this.tool} call failed.`, toolErrorAck(this.rng, this.tool));
      this.distractors.add("recovered-tool-error");
    }
    const y = year ?? this.latestYear;
    const value = this.valueOf(entity, y);
    const text = this.resultText(entity, y, value);
    const span = this.run.tool(call, this.tool, args, text);
    return { value, span, ok: true, text };
  }

  /** A tool result in this run's format, with fields that carry irrelevant numbers. */
  private resultText(entity: string, year: number, value: number): string {
    const rank = this.rng.int(1, 60);
    const prior = this.rng.int(this.domain.range[0], this.domain.range[1]);
    const updated = `${this.rng.int(year + 1, 2026)}-${String(this.rng.int(1, 12)).padStart(2, "0")}-${String(this.rng.int(1, 28)).padStart(2, "0")}`;
    if (prior !== value) this.distractors.add("irrelevant-numbers");
    switch (this.resultFormat) {
      case "json":
        return JSON.stringify({
          entity,
          year,
          metric: this.domain.metric,
          value,
          unit: this.domain.unit,
          previous_year_value: prior,
          rank,
          updated,
        });
      case "csv":
        return `entity,year,value,prev_year,rank\n${entity},${year},${value},${prior},${rank}`;
      default:
        return `${entity} - ${this.domain.metric} ${year}: ${value} ${this.domain.unit} (previous year ${prior}; rank ${rank}; updated ${updated})`;
    }
  }

  /**
   * Starts an agent's span, then adds 0–3 harmless side steps (acknowledgements, status
   * notifications). Real agents chatter, and it keeps "the busiest agent" from predicting the
   * culprit: activity is drawn independently of where the fault is injected.
   */
  agent(name: string, input: string, parent: SpanRef | undefined, role: DescribedRole): AgentCall {
    const call = this.run.agent(name, input, parent, this.describe(role));
    const extra = this.rng.pick([0, 0, 1, 1, 2, 3]);
    for (let i = 0; i < extra; i++) {
      if (this.rng.chance(0.5)) this.run.chat(call, input, this.rng.pick(SIDE_REMARKS));
      else {
        const tool = this.rng.pick(STATUS_TOOLS);
        this.run.tool(
          call,
          tool,
          { message: this.rng.pick(STATUS_MESSAGES), agent: name },
          this.rng.pick(["ok", "sent", '{"delivered": true}']),
        );
      }
    }
    if (extra) this.distractors.add("side-steps");
    return call;
  }

  /**
   * An agent description for a role, or none: many exporters never set `gen_ai.agent.description`,
   * so an engine must also work out roles from behaviour.
   */
  describe(role: DescribedRole): string | undefined {
    if (!this.withDescriptions) return undefined;
    return this.rng.pick(DESCRIPTIONS[role]);
  }

  /** Sometimes appends a clause with numbers that have nothing to do with the answer. */
  noise(text: string): string {
    if (!this.rng.chance(0.3)) return text;
    this.distractors.add("irrelevant-numbers");
    return `${text} ${this.rng.pick(NOISE)(this.rng.int(0, 100000))}`;
  }

  /** A plausible wrong value: transposed digits, a small relative slip, or a dropped/added digit. */
  wrong(v: number): number {
    for (let attempt = 0; attempt < 10; attempt++) {
      const s = String(v);
      let w: number;
      const how = this.rng.int(0, 2);
      if (how === 0 && s.length >= 3) {
        const i = this.rng.int(1, s.length - 2);
        w = Number(s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2));
      } else if (how === 1)
        w = v + (this.rng.chance(0.5) ? 1 : -1) * Math.max(11, Math.round((v * this.rng.int(2, 9)) / 100));
      else w = v + (this.rng.chance(0.5) ? 1 : -1) * this.rng.int(11, 99) * (s.length > 3 ? 10 : 1);
      if (w !== v && w > 10) return w;
    }
    return v + 37;
  }

  /**
   * Records the step where the fault happens (call once per independent origin) and the wrong
   * value as that step states it; no value when the fault is an instruction that states none.
   */
  origin(agent: string, step: SpanRef, container: AgentCall, value?: number): void {
    this.origins.push({ agent, step: step.spanId, container: container.span.spanId, value });
  }

  /** Records that an agent's output carried the wrong value onward. */
  touch(agent: string): void {
    this.touches.push(agent);
  }

  approvedWrong(agent: string): void {
    this.rubberStamp = agent;
  }

  label(
    file: string,
    seed: string,
    finalAnswer: string,
    failed: boolean,
    agents: string[],
    note: string,
  ): SyntheticLabel {
    const culprit = failed ? this.origins[0] : undefined;
    const culpritAgents = failed ? [...new Set(this.origins.map((o) => o.agent))] : [];
    const victims = culprit ? this.touches.filter((a) => !culpritAgents.includes(a)) : [];
    return {
      file,
      seed,
      topology: this.topology,
      fault: this.fault,
      outcome: failed ? "failure" : "success",
      expectedAnswer: String(this.truth),
      finalAnswer,
      culpritAgent: culprit?.agent,
      decisiveStepId: culprit?.step,
      decisiveContainerStepId: culprit?.container,
      wrongValue: culprit?.value !== undefined ? String(culprit.value) : undefined,
      culpritAgents,
      decisiveStepIds: failed ? culpritAgents.map((a) => this.origins.find((o) => o.agent === a)!.step) : [],
      lastTouchAgent: victims[victims.length - 1],
      rubberStampAgent: failed ? this.rubberStamp : undefined,
      agents,
      distractors: [...this.distractors].sort(),
      note,
    };
  }
}
