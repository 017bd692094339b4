/**
 * Orchestrator with workers: the orchestrator's agent span is the root; it delegates one entity
 * to each worker (a message followed by the worker's span, or a delegation tool whose child is
 * the worker's span), adds the reports, has a verifier approve (sometimes), and answers.
 * Faults: a delegation drops the year (dropped-constraint); a worker misquotes, fabricates or
 * ignores a tool error; the orchestrator's sum does not recompute.
 */
import type { AgentCall } from "../genai-run";
import type { SpanRef } from "../otlp-json";
import {
  fabricatedText,
  falseSuccessText,
  finalText,
  lookupInstruction,
  sumText,
  taskText,
  valuesReport,
} from "../phrasing";
import type { Scenario } from "../scenario";
import { ORCHESTRATOR_NAMES } from "../vocabulary";
import type { TopologyResult } from "./outcome";
import { delegation, rubberStamp } from "./stages";

export function orchestrator(s: Scenario): TopologyResult {
  const { rng, run, domain, year } = s;
  const names = rng.pick(ORCHESTRATOR_NAMES);
  const task = taskText(rng, domain.metric, domain.unit, s.entities, year);
  const boss = s.agent(names.orchestrator, task, undefined, "coordinator");
  const bossName = names.orchestrator;
  const viaTool = rng.chance(0.5);
  const target = rng.int(0, s.entities.length - 1);
  const workers = s.entities.map((_, i) => names.worker(i));
  let notes = "";

  run.chat(boss, task, s.noise(`Splitting the task: one worker per item (${workers.join(", ")}).`));
  const reports: string[] = [];
  const reported: number[] = [];
  s.entities.forEach((entity, i) => {
    const worker = workers[i];
    const faulty = i === target;
    const dropYear = faulty && s.fault === "dropped-constraint";
    const instruction = lookupInstruction(rng, worker, domain.metric, [entity], dropYear ? undefined : year);
    const delegateStep = delegation(s, boss, task, worker, instruction, viaTool);
    const parent: SpanRef = viaTool ? delegateStep : boss.span;
    if (dropYear) {
      s.origin(bossName, delegateStep, boss);
      notes = `${bossName}'s instruction to ${worker} drops the year ${year}; the lookup returns ${s.latestYear} data`;
    }
    const call: AgentCall = s.agent(worker, instruction, parent, "lookup");
    let v: number;
    let report: string;
    let toolText = "";
    if (faulty && s.fault === "fabricated-value") {
      v = s.wrong(s.valueOf(entity, year));
      report = fabricatedText(rng, entity, s.fmt(v), domain.unit);
      notes = `${worker} states ${entity} = ${v} without a lookup (true ${s.valueOf(entity, year)})`;
      s.origin(worker, run.chat(call, instruction, report), call, v);
    } else if (faulty && s.fault === "ignored-tool-error") {
      s.lookup(call, entity, year, { fail: true });
      v = s.wrong(s.valueOf(entity, year));
      report = falseSuccessText(rng, entity, s.fmt(v), domain.unit);
      notes = `${worker}'s lookup of ${entity} failed; it reports ${v} anyway`;
    } else {
      const r = s.lookup(call, entity, dropYear ? undefined : year);
      v = r.value;
      toolText = `\nTool result: ${r.text}`;
      if (faulty && s.fault === "misquoted-tool-value") {
        v = s.wrong(r.value);
        notes = `${worker} restates ${entity}'s tool value ${r.value} as ${v}`;
      }
      report = s.noise(
        valuesReport(
          rng,
          domain.metric,
          domain.unit,
          [{ entity, value: s.fmt(v) }],
          dropYear ? s.latestYear : year,
          s.source,
        ),
      );
    }
    if (!(faulty && s.fault === "fabricated-value")) {
      const span = run.chat(call, `${instruction}${toolText}`, report);
      if (faulty && (s.fault === "misquoted-tool-value" || s.fault === "ignored-tool-error"))
        s.origin(worker, span, call, v);
      if (dropYear && v !== s.valueOf(entity, year)) s.touch(worker);
    }
    run.finishAgent(call, report);
    if (viaTool) {
      run.w.set(delegateStep, "gen_ai.tool.call.result", report);
      run.w.end(delegateStep, { code: 1 });
    }
    reports.push(`${worker}: ${report}`);
    reported.push(v);
  });

  let total = reported.reduce((a, b) => a + b, 0);
  if (s.fault === "bad-arithmetic") {
    const right = total;
    total = s.wrong(total);
    notes = `${bossName} writes ${reported.join(" + ")} = ${total} (it is ${right})`;
  }
  const sum = sumText(
    rng,
    reported.map((v) => s.fmt(v)),
    s.fmt(total),
    domain.unit,
  );
  const sumSpan = run.chat(boss, reports.join("\n"), sum);
  if (s.fault === "bad-arithmetic") s.origin(bossName, sumSpan, boss, total);
  else if (total !== s.truth) s.touch(bossName);

  const agents = [bossName, ...workers];
  if (rng.chance(0.4)) {
    rubberStamp(
      s,
      names.verifier,
      s.agent(names.verifier, `Check this result: ${sum}`, boss.span, "reviewer"),
      sum,
      total,
    );
    agents.push(names.verifier);
  }
  const final = finalText(rng, domain.metric, domain.unit, s.fmt(total), year);
  run.chat(boss, sum, final);
  if (total !== s.truth) s.touch(bossName);
  const failed = total !== s.truth;
  run.finishRoot(boss.span, final, failed, s.outcomeStyle);
  return { finalAnswer: final, failed, agents, note: notes || "no fault" };
}
