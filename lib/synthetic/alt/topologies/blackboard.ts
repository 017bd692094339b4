/**
 * Shared memory (a blackboard): a collector looks values up and posts them, a computer reads the
 * board and posts a result, a reporter reads the result and answers. Faults: the collector posts
 * a value other than its lookup's (a corrupted write), posts one it never looked up, posts one
 * after a failed lookup; the computer's sum is wrong; or the corrupted value goes into a
 * calculator tool whose exact result is the answer.
 */
import * as P from "../phrasing";
import { finalText, lookupMeasure, sumText, total, valueText } from "../parts";
import type { Scene } from "../scene";
import { grouped, plain, roundTo, wrongNumber } from "../values";
import type { World } from "../world";
import type { Outcome } from "./flows";

export function blackboard(s: Scene, w: World): Outcome {
  const { rng, fault } = s;
  const collector = w.agent("gatherer");
  const computer = w.agent("calculator");
  const reporter = w.agent("writer");
  const m = w.measure;
  const d = w.domain;
  const product = fault === "contradiction-into-tool" || (fault === "none" && rng.coin(0.3));
  const entities = product ? [rng.one(w.entities)] : w.entities;
  const task = s.open(
    product
      ? P.say(rng, P.ASK_PRODUCT, {
          scope: w.scope,
          result: d.rate.result,
          entity: entities[0],
          label: m.label,
          rate: d.rate.label,
        })
      : P.say(rng, P.ASK_SUM, { label: m.label, list: entities.join(" and "), scope: w.scope }),
  );
  const target = rng.between(0, entities.length - 1);
  const writes: { key: string; id: string; value: number }[] = [];
  const keyOf = (e: string) => `${e.toLowerCase().replace(/[^a-z0-9]+/g, "_")}.${m.field}`;
  entities.forEach((entity, i) => {
    const faulty = i === target;
    let value: number;
    let reads = [task];
    if (faulty && fault === "fabricated-value") value = wrongNumber(rng, w.value(entity), m.decimals);
    else {
      const look = lookupMeasure(s, w, collector, entity, {
        fail: faulty && fault === "ignored-tool-error",
        reads: [task],
      });
      reads = [look.output];
      value = look.ok ? look.value : wrongNumber(rng, w.value(entity), m.decimals);
      if (faulty && (fault === "corrupted-memory-write" || fault === "contradiction-into-tool"))
        value = wrongNumber(rng, look.value, m.decimals);
    }
    const key = keyOf(entity);
    const shown = valueText(s, m, value);
    const id = s.write(
      collector,
      key,
      plain(value, m.decimals),
      P.say(rng, P.BOARD_WRITE, { key, value: shown }),
      reads,
    );
    writes.push({ key, id, value });
    if (
      faulty &&
      ["fabricated-value", "ignored-tool-error", "corrupted-memory-write", "contradiction-into-tool"].includes(fault)
    )
      s.culprit(collector, id);
  });
  const readIds = writes.map((x) => s.read(computer, x.key, plain(x.value, m.decimals), x.id));
  const values = writes.map((x) => x.value);
  if (product) return computeFromBoard(s, w, entities[0], values[0], readIds, computer, reporter);
  const right = total(w, values);
  const stated = fault === "wrong-arithmetic" ? wrongNumber(rng, right, m.decimals) : right;
  const said = s.say(computer, sumText(s, w, values, stated), readIds);
  if (fault === "wrong-arithmetic") s.culprit(computer, said);
  const truth = total(
    w,
    entities.map((e) => w.value(e)),
  );
  const failed = stated !== truth;
  if (failed && fault !== "wrong-arithmetic") s.touch(computer);
  const post = s.write(
    computer,
    "total",
    plain(stated, m.decimals),
    P.say(rng, P.BOARD_WRITE, { key: "total", value: valueText(s, m, stated) }),
    [said],
  );
  const back = s.read(reporter, "total", plain(stated, m.decimals), post);
  const fin = s.final(reporter, finalText(s, m.label, valueText(s, m, stated)), [back]);
  if (failed) s.touch(reporter);
  return { answer: s.steps.find((x) => x.id === fin)!.content, expected: grouped(truth, m.decimals), failed };
}

/** The posted value times a looked-up rate, through a calculator tool; the result is posted and answered. */
function computeFromBoard(
  s: Scene,
  w: World,
  entity: string,
  posted: number,
  readIds: string[],
  computer: string,
  reporter: string,
): Outcome {
  const { rng } = s;
  const m = w.measure;
  const d = w.domain;
  const values = [posted];
  const rateOut = s.useTool(computer, d.tools.lookup, { entity, field: d.rate.field }, w.rateOutput(entity), {
    reads: readIds,
  });
  const rate = w.rateValue(entity);
  const expr = `${plain(values[0], m.decimals)} * ${plain(rate, d.rate.decimals)}`;
  const result = roundTo(values[0] * rate, 2);
  const calc = s.useTool(computer, d.tools.calc, { expression: expr }, plain(result, 2), {
    preface: P.say(rng, P.USE_CALC, { expr }),
    reads: [...readIds, rateOut.output],
  });
  const text = `${d.rate.result}: ${grouped(result, 2)} ${d.rate.unit}`;
  const post = s.write(computer, `${d.rate.field}.result`, plain(result, 2), text, [calc.output]);
  const failed = values[0] !== w.value(entity);
  if (failed) s.touch(computer);
  const back = s.read(reporter, `${d.rate.field}.result`, plain(result, 2), post);
  const fin = s.final(reporter, finalText(s, d.rate.result, `${grouped(result, 2)} ${d.rate.unit}`), [back]);
  if (failed) s.touch(reporter);
  return {
    answer: s.steps.find((x) => x.id === fin)!.content,
    expected: plain(roundTo(w.value(entity) * rate, 2), 2),
    failed,
  };
}
