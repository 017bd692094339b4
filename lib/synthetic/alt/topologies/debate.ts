/**
 * Debate with a judge: two or three debaters answer one question, most with a lookup to back
 * them, then the judge rules. Faults: the judge rules for a value no debater gave (a wrong
 * verdict); a debater invents a value or misquotes its lookup, the others concur without checking
 * and the judge adopts it.
 */
import * as P from "../phrasing";
import { factQuestion } from "../parts";
import type { Scene } from "../scene";
import type { World } from "../world";
import type { Outcome } from "./flows";

const WHY = [
  "The lookup above backs it.",
  "That is what the source shows.",
  "I am confident in this figure.",
  "It matches the record.",
];

export function debate(s: Scene, w: World): Outcome {
  const { rng, fault } = s;
  const debaters = Array.from({ length: rng.between(2, 3) }, () => w.agent("debater"));
  const judge = w.agent("judge");
  const entity = rng.one(w.entities);
  const q = factQuestion(s, w, entity, fault === "fabricated-value" ? ["date", "number"] : undefined);
  const task = s.open(q.ask);
  const lead = fault === "none" ? -1 : rng.between(0, debaters.length - 1);
  const speeches: string[] = [];
  let wrongFrom = "";
  // The faulty debater speaks first when it leads the others astray; the rest follow its lead.
  const order =
    lead >= 0 && fault !== "wrong-verdict"
      ? [lead, ...debaters.keys()].filter((v, i, a) => a.indexOf(v) === i)
      : [...debaters.keys()];
  for (const k of order) {
    const who = debaters[k];
    const isLead = k === lead && fault !== "wrong-verdict";
    if (wrongFrom && !isLead) {
      speeches.push(s.say(who, P.say(rng, P.CONCUR, { other: wrongFrom, value: q.wrong }), [task, ...speeches]));
      s.touch(who);
      continue;
    }
    const reads = [task, ...speeches];
    if (!(isLead && fault === "fabricated-value")) {
      const out = s.useTool(who, q.tool, q.args, q.output, { reads });
      reads.push(out.output);
    }
    const value = isLead ? q.wrong : q.right;
    const id = s.say(who, P.say(rng, P.PROPOSE, { value, why: rng.one(WHY) }), reads);
    speeches.push(id);
    if (isLead) {
      s.culprit(who, id);
      wrongFrom = who;
    }
  }
  const failed = fault !== "none";
  const ruled = failed ? q.wrong : q.right;
  const fin = s.final(judge, P.say(rng, P.RULE, { value: ruled }), speeches, "aggregation");
  if (fault === "wrong-verdict") s.culprit(judge, fin);
  else if (failed) s.touch(judge);
  return { answer: s.steps.find((x) => x.id === fin)!.content, expected: q.right, failed };
}
