/**
 * Pipeline: planner → researcher → analyst → (reviewer) → writer, under a workflow root span.
 * Faults: the planner drops the year (dropped-constraint); the researcher misquotes a tool value,
 * fabricates one or ignores a tool error; the analyst's sum does not recompute. The reviewer, when
 * present, approves whatever it is shown (a rubber stamp on failing runs).
 */
import { fabricatedText, falseSuccessText, planText, sumText, taskText, valuesReport, type Item } from "../phrasing";
import type { Scenario } from "../scenario";
import { PIPELINE_NAMES } from "../vocabulary";
import type { TopologyResult } from "./outcome";
import { rubberStamp, writeAnswer } from "./stages";

export function pipeline(s: Scenario): TopologyResult {
  const { rng, run, domain, year } = s;
  const names = rng.pick(PIPELINE_NAMES);
  const task = taskText(rng, domain.metric, domain.unit, s.entities, year);
  const root = run.workflow(rng.pick(["research_pipeline", "qa_graph", "report_flow"]), task);
  const target = rng.int(0, s.entities.length - 1);
  let notes = "";

  // Planner.
  const dropYear = s.fault === "dropped-constraint";
  const planner = s.agent(names.planner, task, root, "coordinator");
  const plan = planText(rng, names, domain.metric, s.entities, dropYear ? undefined : year);
  const planSpan = run.chat(planner, task, plan);
  if (dropYear) {
    s.origin(names.planner, planSpan, planner);
    notes = `${names.planner}'s plan drops the year ${year}; lookups return ${s.latestYear} data`;
  }
  run.finishAgent(planner, plan);

  // Researcher.
  const researcher = s.agent(names.researcher, plan, root, "lookup");
  const items: Item[] = [];
  const reported: number[] = [];
  const seen: string[] = [];
  const extra: string[] = [];
  let introduced: number | undefined;
  s.entities.forEach((entity, i) => {
    const faulty = i === target;
    if (faulty && s.fault === "fabricated-value") {
      const v = s.wrong(s.valueOf(entity, year));
      introduced = v;
      reported.push(v);
      extra.push(fabricatedText(rng, entity, s.fmt(v), domain.unit));
      notes = `${names.researcher} states ${entity} = ${v} without a lookup (true ${s.valueOf(entity, year)})`;
      return;
    }
    if (faulty && s.fault === "ignored-tool-error") {
      s.lookup(researcher, entity, year, { fail: true });
      const v = s.wrong(s.valueOf(entity, year));
      introduced = v;
      reported.push(v);
      extra.push(falseSuccessText(rng, entity, s.fmt(v), domain.unit));
      notes = `${names.researcher}'s lookup of ${entity} failed; it reports ${v} anyway`;
      return;
    }
    const r = s.lookup(researcher, entity, dropYear ? undefined : year);
    seen.push(r.text);
    let v = r.value;
    if (faulty && s.fault === "misquoted-tool-value") {
      v = s.wrong(r.value);
      introduced = v;
      notes = `${names.researcher} restates ${entity}'s tool value ${r.value} as ${v}`;
    }
    reported.push(v);
    items.push({ entity, value: s.fmt(v) });
  });
  const report = s.noise(
    [
      items.length
        ? valuesReport(rng, domain.metric, domain.unit, items, dropYear ? s.latestYear : year, s.source)
        : "",
      ...extra,
    ]
      .filter(Boolean)
      .join(" "),
  );
  const reportSpan = run.chat(researcher, `${plan}\n\nTool results:\n${seen.join("\n") || "(none)"}`, report);
  if (["misquoted-tool-value", "fabricated-value", "ignored-tool-error"].includes(s.fault))
    s.origin(names.researcher, reportSpan, researcher, introduced);
  const wrongSoFar = reported.some((v, i) => v !== s.valueOf(s.entities[i], year));
  if (wrongSoFar && s.fault === "dropped-constraint") s.touch(names.researcher);
  run.finishAgent(researcher, report);

  // Analyst.
  const analyst = s.agent(names.analyst, report, root, "compute");
  let total = reported.reduce((a, b) => a + b, 0);
  const useCalculator = s.fault !== "bad-arithmetic" && rng.chance(0.3);
  if (useCalculator) run.tool(analyst, "calculator", { expression: reported.join(" + ") }, String(total));
  if (s.fault === "bad-arithmetic") {
    const right = total;
    total = s.wrong(total);
    notes = `${names.analyst} writes ${reported.join(" + ")} = ${total} (it is ${right})`;
  }
  const sum = sumText(
    rng,
    reported.map((v) => s.fmt(v)),
    s.fmt(total),
    domain.unit,
  );
  const sumSpan = run.chat(analyst, report, sum);
  if (s.fault === "bad-arithmetic") s.origin(names.analyst, sumSpan, analyst, total);
  else if (total !== s.truth) s.touch(names.analyst);
  run.finishAgent(analyst, sum);

  const agents = [names.planner, names.researcher, names.analyst];
  let writerInput = sum;
  if (rng.chance(0.5)) {
    const ok = rubberStamp(s, names.reviewer, s.agent(names.reviewer, sum, root, "reviewer"), sum, total);
    agents.push(names.reviewer);
    writerInput = `${sum}\n${ok}`;
  }

  const final = writeAnswer(s, names.writer, writerInput, root, total);
  agents.push(names.writer);
  const failed = total !== s.truth;
  run.finishRoot(root, final, failed, s.outcomeStyle);
  return { finalAnswer: final, failed, agents, note: notes || "no fault" };
}
