/**
 * Manager with workers: the manager hands each entity (or an action) to a worker, the workers use
 * tools and report back, the manager adds up and answers. Faults: the manager drops the task's
 * scope when delegating (the workers then honestly report another period's figures), a worker
 * invents, misquotes or ignores a failed lookup, the manager's sum is wrong, a worker claims an
 * action it did not complete.
 */
import * as P from "../phrasing";
import { finalText, lookupMeasure, reportText, sumText, total, valueText } from "../parts";
import type { Scene } from "../scene";
import { grouped, wrongNumber, writtenDate } from "../values";
import type { World } from "../world";
import { carryOut, type Outcome } from "./flows";

export function manager(s: Scene, w: World): Outcome {
  const { rng, fault } = s;
  const boss = w.agent("manager");
  const workers = Array.from({ length: rng.between(2, 3) }, () => w.agent("worker"));
  if (fault === "false-success" || (fault === "none" && rng.coin(0.25))) {
    const a = w.domain.action;
    const entity = rng.one(w.entities);
    const date = writtenDate(rng, w.date());
    const task = s.open(P.say(rng, P.ASK_ACTION, { verb: a.verb, object: a.object, entity, date }));
    const words = { target: workers[0], verb: a.verb, object: a.object, entity, date };
    s.delegate(boss, workers[0], P.say(rng, P.DELEGATE_ACTION, words), [task]);
    const cast = { gatherer: workers[0], calculator: boss, writer: boss };
    return carryOut(s, w, cast, workers[0], { task, entity, date });
  }
  const m = w.measure;
  const task = s.open(P.say(rng, P.ASK_SUM, { label: m.label, list: w.entities.join(" and "), scope: w.scope }));
  const target = rng.between(0, w.entities.length - 1);
  const drop = fault === "dropped-constraint";
  const reportsIn: string[] = [];
  const reported: number[] = [];
  let firstDelegation = "";
  w.entities.forEach((entity, i) => {
    const worker = workers[i % workers.length];
    const scopeWords = drop ? "" : rng.coin() ? ` for ${w.scope}` : ` (${w.scope})`;
    const del = s.delegate(
      boss,
      worker,
      P.say(rng, P.DELEGATE, { target: worker, label: m.label, entity, scope: scopeWords }),
      [task],
    );
    if (!firstDelegation) firstDelegation = del;
    const faulty = i === target;
    let value: number;
    let outs: string[] = [];
    if (faulty && fault === "fabricated-value") value = wrongNumber(rng, w.value(entity), m.decimals);
    else {
      const look = lookupMeasure(s, w, worker, entity, {
        scope: drop ? null : w.scope,
        fail: faulty && fault === "ignored-tool-error",
        recover: !faulty && rng.coin(0.15),
        reads: [del],
      });
      outs = [look.output];
      value = look.ok ? look.value : wrongNumber(rng, w.value(entity), m.decimals);
      if (faulty && fault === "misquoted-output") value = wrongNumber(rng, look.value, m.decimals);
    }
    reported.push(value);
    const rep = s.say(worker, reportText(s, w, [{ entity, value }]), [del, ...outs]);
    reportsIn.push(rep);
    if (faulty && ["fabricated-value", "misquoted-output", "ignored-tool-error"].includes(fault))
      s.culprit(worker, rep);
    if (drop) s.touch(worker);
  });
  if (drop) s.culprit(boss, firstDelegation);
  const right = total(w, reported);
  const stated = fault === "wrong-arithmetic" ? wrongNumber(rng, right, m.decimals) : right;
  const truth = total(
    w,
    w.entities.map((e) => w.value(e)),
  );
  const failed = stated !== truth;
  const answerValue = valueText(s, m, stated);
  const text = rng.coin()
    ? `${sumText(s, w, reported, stated)}\n${finalText(s, m.label, answerValue)}`
    : sumText(s, w, reported, stated);
  const fin = s.final(boss, text, reportsIn, "aggregation");
  if (fault === "wrong-arithmetic") s.culprit(boss, fin);
  else if (failed) s.touch(boss);
  return { answer: s.steps.find((x) => x.id === fin)!.content, expected: grouped(truth, m.decimals), failed };
}
