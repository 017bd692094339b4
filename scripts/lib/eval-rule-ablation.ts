/**
 * `npm run eval -- --rule-ablation [--rules a,b]`: the shipped engine over every failing dev run,
 * then again with each rule of `lib/eval/rules-under-test.ts` switched off (an engine rule through
 * `EngineConfig.ablate`, a format rule by re-reading the records with `ImportOptions.ablate`). One
 * full pass per rule, about ten seconds each, so it runs only when asked. A detector name that fired
 * on no run is listed as such and not rerun: without hits, switching it off changes nothing.
 */
import { analyzeTrace } from "../../lib/attribution/index";
import { ABLATABLE_RULES, type AblatableRule } from "../../lib/attribution/ablation";
import { goldOf, reportPrediction } from "../../lib/eval/learners";
import { scorePrediction, type Scored } from "../../lib/eval/loso";
import type { EvalRecord } from "../../lib/eval/records";
import {
  ablationVerdict,
  formatRuleAblation,
  lowersInSource,
  sourceChanges,
  type RuleAblationRow,
  type RuleUnderTest,
} from "../../lib/eval/rule-ablation";
import { RULES_UNDER_TEST } from "../../lib/eval/rules-under-test";
import { readSources, type Source } from "./read-sources";

interface Run {
  id: string;
  source: string;
  record: EvalRecord;
}

function failingRuns(sources: Source[]): Run[] {
  return sources.flatMap((s) =>
    s.records
      .filter((r) => r.outcome === "failure" && r.gold.agent !== undefined)
      .map((record) => ({ id: `${s.name}/${record.id}`, source: s.name, record })),
  );
}

function score(runs: Run[], ablate: readonly AblatableRule[] = [], fired?: Set<string>): Scored[] {
  return runs.map(({ id, source, record }) => {
    const report = analyzeTrace(record.trace, ablate.length ? { ablate } : {});
    if (fired) for (const s of report.steps) for (const d of s.detectors) fired.add(d.name);
    return scorePrediction({ id, source, gold: goldOf(record), input: null }, reportPrediction(record, report));
  });
}

const isFindingName = (r: RuleUnderTest) => r.layer === "engine" && !(r.name in ABLATABLE_RULES);

export function ruleAblationSection(root: string, log: (s: string) => void, only?: string[]): RuleAblationRow[] {
  const started = performance.now();
  const sources = readSources(root, () => {});
  const whoAndWhen = new Set(sources.filter((s) => s.description.startsWith("Who&When")).map((s) => s.name));
  const home = (s: string) => whoAndWhen.has(s);
  const unknown = (only ?? []).filter((name) => !RULES_UNDER_TEST.some((r) => r.name === name));
  if (unknown.length) log(`  --rules: no such rule ${unknown.join(", ")}`);
  const runs = failingRuns(sources);
  const fired = new Set<string>();
  const on = score(runs, [], fired);
  const rows: RuleAblationRow[] = [];
  const silent: string[] = [];
  for (const rule of RULES_UNDER_TEST) {
    if (only && !only.includes(rule.name)) continue;
    if (isFindingName(rule) && !fired.has(rule.name)) {
      silent.push(rule.name);
      continue;
    }
    const off =
      rule.layer === "engine" ? score(runs, [rule.name]) : score(failingRuns(readSources(root, () => {}, [rule.name])));
    const changes = sourceChanges(on, off);
    const verdict = ablationVerdict(changes, rule.developedOn, home);
    const lowers = lowersInSource(changes, rule.developedOn, home);
    rows.push({ rule: rule.name, layer: rule.layer, developedOn: rule.developedOn, changes, verdict, lowers });
  }
  log(
    `\n== rule ablation: the shipped engine with each rule off, per source (${runs.length} failing runs; Δ = on − off, + = the rule helps) ==`,
  );
  log(`  developed on Who&When: ${[...whoAndWhen].join(", ")}; out of source for the early rules: the other sources`);
  for (const line of formatRuleAblation(rows)) log(line);
  if (silent.length) log(`  fired on no run (not rerun, no change): ${silent.join(", ")}`);
  log(`  (rule ablation ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return rows;
}
