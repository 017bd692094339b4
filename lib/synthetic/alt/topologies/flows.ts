/**
 * Flows several topologies share: gather values and add them up, answer a single-fact question,
 * compute through a tool, carry out an action. Each writes its steps into the scene and records
 * where the injected fault entered and who carried it on.
 */
import * as P from "../phrasing";
import {
  approve,
  factQuestion,
  finalText,
  lookupMeasure,
  reportText,
  sumText,
  total,
  valueText,
  type FactQuestion,
} from "../parts";
import type { Scene } from "../scene";
import { grouped, plain, roundTo, wrongNumber, writtenDate } from "../values";
import type { World } from "../world";

export interface Outcome {
  answer: string;
  expected: string;
  failed: boolean;
}

export interface Cast {
  gatherer: string;
  calculator: string;
  writer: string;
  reviewer?: string;
}

/** An optional review between the work and the answer; on a failing run the reviewer is a rubber stamp. */
export function review(
  s: Scene,
  reviewer: string | undefined,
  value: string,
  reads: string[],
  failing: boolean,
  author?: string,
): string[] {
  if (!reviewer) return reads;
  const restates = s.rng.coin();
  if (author && s.rng.coin(0.35)) {
    // A cosmetic round first: the reviewer asks for wording, the author restates the same value.
    const ask = s.say(reviewer, s.rng.one(P.ASK_REVISION), reads);
    const again = s.say(author, `Revised: ${value}.`, [ask, ...reads]);
    reads = [...reads, ask, again];
  }
  const id = approve(s, reviewer, value, reads, restates);
  if (failing) s.approvedBy(reviewer, restates);
  if (failing && restates) s.touch(reviewer);
  return [...reads, id];
}

/** Look up each entity, report, add up (by hand or with a calculator), review, answer. */
export function gatherAndSum(s: Scene, w: World, cast: Cast): Outcome {
  const { rng, fault } = s;
  const m = w.measure;
  const task = s.open(P.say(rng, P.ASK_SUM, { label: m.label, list: w.entities.join(" and "), scope: w.scope }));
  const target = rng.between(0, w.entities.length - 1);
  const perEntity = rng.coin();
  const reported: number[] = [];
  const outputs: string[] = [];
  const reports: string[] = [];
  let origin = "";
  w.entities.forEach((entity, i) => {
    const faulty = i === target;
    let value: number;
    if (faulty && fault === "fabricated-value") value = wrongNumber(rng, w.value(entity), m.decimals);
    else {
      const look = lookupMeasure(s, w, cast.gatherer, entity, {
        fail: faulty && fault === "ignored-tool-error",
        recover: !faulty && rng.coin(0.2),
        reads: [task],
      });
      outputs.push(look.output);
      value = look.ok ? look.value : wrongNumber(rng, w.value(entity), m.decimals);
      if (faulty && fault === "misquoted-output") value = wrongNumber(rng, look.value, m.decimals);
    }
    reported.push(value);
    if (perEntity) {
      const id = s.say(cast.gatherer, reportText(s, w, [{ entity, value }]), [task, ...outputs.slice(-1)]);
      reports.push(id);
      if (faulty) origin = id;
    }
  });
  if (!perEntity) {
    const items = w.entities.map((entity, i) => ({ entity, value: reported[i] }));
    const id = s.say(cast.gatherer, reportText(s, w, items), [task, ...outputs]);
    reports.push(id);
    origin = id;
  }
  const gathererFault = ["fabricated-value", "ignored-tool-error", "misquoted-output"].includes(fault);
  if (gathererFault) s.culprit(cast.gatherer, origin);

  const right = total(w, reported);
  let stated = right;
  let reads = reports;
  if (fault !== "wrong-arithmetic" && rng.coin(0.35)) {
    const expr = reported.map((v) => plain(v, m.decimals)).join(" + ");
    const calc = s.useTool(cast.calculator, w.domain.tools.calc, { expression: expr }, plain(right, m.decimals), {
      preface: P.say(rng, P.USE_CALC, { expr }),
      reads,
    });
    reads = [...reads, calc.output];
  }
  if (fault === "wrong-arithmetic") stated = wrongNumber(rng, right, m.decimals);
  const sum = s.say(cast.calculator, sumText(s, w, reported, stated), reads);
  if (fault === "wrong-arithmetic") s.culprit(cast.calculator, sum);
  const truth = total(
    w,
    w.entities.map((e) => w.value(e)),
  );
  const failed = stated !== truth;
  if (failed) s.touch(cast.calculator);
  const answerValue = valueText(s, m, stated);
  const before = review(s, cast.reviewer, answerValue, [sum], failed, cast.calculator);
  const fin = s.final(cast.writer, finalText(s, m.label, answerValue), before);
  if (failed) s.touch(cast.writer);
  return { answer: s.steps.find((x) => x.id === fin)!.content, expected: grouped(truth, m.decimals), failed };
}

/** A single-fact question: look it up (or not, when fabricating), report, review, answer. */
export function singleFact(s: Scene, w: World, cast: Cast, q?: FactQuestion): Outcome {
  const { rng, fault } = s;
  const entity = rng.one(w.entities);
  const fact = q ?? factQuestion(s, w, entity, fault === "fabricated-value" ? ["date", "number"] : undefined);
  const task = s.open(fact.ask);
  const reads = [task];
  if (fault !== "fabricated-value") {
    const out = s.useTool(cast.gatherer, fact.tool, fact.args, fact.output, {
      preface: P.say(rng, P.GO_LOOKUP, { entity, tool: fact.tool }),
      reads: [task],
    });
    reads.push(out.output);
  }
  const failed = fault === "fabricated-value" || fault === "misquoted-output";
  const value = failed ? fact.wrong : fact.right;
  const rep = s.say(cast.gatherer, fact.report(value), reads);
  if (failed) s.culprit(cast.gatherer, rep);
  const before = review(s, cast.reviewer, value, [rep], failed, cast.gatherer);
  const fin = s.final(cast.writer, finalText(s, fact.label, value), before);
  if (failed) s.touch(cast.writer);
  return { answer: s.steps.find((x) => x.id === fin)!.content, expected: fact.right, failed };
}

/**
 * Quantity times rate through a calculator tool. With `contradiction-into-tool` the reporter
 * restates the quantity wrongly and the calculator's exact product of the wrong quantity is the answer.
 */
export function computeThroughTool(s: Scene, w: World, cast: Cast): Outcome {
  const { rng, fault } = s;
  const d = w.domain;
  const m = d.measures.find((x) => x.kind === "count") ?? w.measure;
  const entity = rng.one(w.entities);
  const task = s.open(
    P.say(rng, P.ASK_PRODUCT, { scope: w.scope, result: d.rate.result, entity, label: m.label, rate: d.rate.label }),
  );
  const qty = lookupMeasure(s, w, cast.gatherer, entity, { reads: [task], measure: m });
  const rateOut = s.useTool(cast.gatherer, d.tools.lookup, { entity, field: d.rate.field }, w.rateOutput(entity), {
    preface: rng.coin() ? `Now the ${d.rate.label}.` : "",
  });
  const rate = w.rateValue(entity);
  const wrong = fault === "contradiction-into-tool";
  const qtyStated = wrong ? wrongNumber(rng, qty.value, m.decimals) : qty.value;
  const rateText = `${plain(rate, d.rate.decimals)} ${d.rate.unit}`;
  const note = `${P.say(rng, P.REPORT_VALUE, { entity, label: m.label, value: valueText(s, m, qtyStated) })} The ${d.rate.label} is ${rateText}.`;
  const rep = s.say(cast.gatherer, note, [task, qty.output, rateOut.output]);
  if (wrong) s.culprit(cast.gatherer, rep);
  const computer = rng.coin() ? cast.gatherer : cast.calculator;
  if (wrong && computer !== cast.gatherer) s.touch(computer);
  const expr = `${plain(qtyStated, m.decimals)} * ${plain(rate, d.rate.decimals)}`;
  const product = roundTo(qtyStated * rate, 2);
  const calc = s.useTool(computer, d.tools.calc, { expression: expr }, plain(product, 2), {
    preface: P.say(rng, P.USE_CALC, { expr }),
    reads: [rep],
  });
  const money = { kind: "money" as const, unit: d.rate.unit, decimals: 2 };
  const resultText = valueText(s, money as never, product);
  const said = s.say(
    computer,
    P.say(rng, P.PRODUCT, { a: grouped(qtyStated, m.decimals), b: rateText, result: resultText }),
    [rep, calc.output],
  );
  const before = review(s, cast.reviewer, resultText, [said], wrong, computer);
  const fin = s.final(cast.writer, finalText(s, d.rate.result, resultText), before);
  if (wrong) s.touch(cast.writer);
  const truth = roundTo(qty.value * rate, 2);
  return { answer: s.steps.find((x) => x.id === fin)!.content, expected: plain(truth, 2), failed: wrong };
}

/** Carry out an action through a tool; with `false-success` the tool refuses and the agent says it is done. */
export function carryOut(
  s: Scene,
  w: World,
  cast: Cast,
  operator = cast.gatherer,
  given?: { task: string; entity: string; date: string },
): Outcome {
  const { rng, fault } = s;
  const a = w.domain.action;
  const entity = given?.entity ?? rng.one(w.entities);
  const date = given?.date ?? writtenDate(rng, w.date());
  const task = given?.task ?? s.open(P.say(rng, P.ASK_ACTION, { verb: a.verb, object: a.object, entity, date }));
  const fails = fault === "false-success";
  const reason = rng.one(P.ACTION_FAILURES);
  const ref = `BK-${rng.between(1000, 9999)}`;
  const output = fails
    ? rng.coin()
      ? JSON.stringify({ status: "failed", reason })
      : `Request rejected: ${reason}.`
    : rng.coin()
      ? JSON.stringify({ status: "confirmed", reference: ref })
      : `Confirmed. Reference ${ref}.`;
  const out = s.useTool(operator, a.tool, { entity, date, action: a.verb }, output, {
    error: fails && rng.coin(),
    reads: [task],
  });
  const claim = s.say(operator, P.say(rng, P.CLAIM_DONE, { object: a.object, entity, date }), [task, out.output]);
  if (fails) s.culprit(operator, claim);
  const before = review(s, cast.reviewer, date, [claim], fails);
  const fin = s.final(cast.writer, `Confirmed: ${a.object} for ${entity} on ${date}.`, before);
  if (fails && cast.writer !== operator) s.touch(cast.writer);
  return {
    answer: s.steps.find((x) => x.id === fin)!.content,
    expected: fails ? P.say(rng, P.REPORT_FAILED, { entity, date, reason, verb: a.verb, object: a.object }) : ref,
    failed: fails,
  };
}
