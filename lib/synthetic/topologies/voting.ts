/**
 * Voting: N voters each look the figures up and state a total; an aggregator takes the majority
 * and answers; a verifier may approve. Faults: k of N voters (a majority) state the same wrong
 * total, each by misreading the same tool value or by quoting the same unsupported figure
 * (wrong-voters); the aggregator announces a total the votes do not support (wrong-aggregation).
 * Control: a minority of voters is wrong and outvoted (minority-wrong-voters: the run succeeds).
 */
import { approvalText, fabricatedText, finalText, tallyText, taskText, voteText } from "../phrasing";
import type { Scenario } from "../scenario";
import { VOTING_NAMES } from "../vocabulary";
import type { TopologyResult } from "./outcome";

export function voting(s: Scenario): TopologyResult {
  const { rng, run, domain, year } = s;
  const names = rng.pick(VOTING_NAMES);
  const task = taskText(rng, domain.metric, domain.unit, s.entities, year);
  const root = run.workflow(rng.pick(["self_consistency", "ensemble_vote", "jury"]), task);
  const n = rng.chance(0.5) ? 3 : 5;
  const voters = Array.from({ length: n }, (_, i) => names.voter(i));
  const majority = Math.floor(n / 2) + 1;
  let k = 0;
  if (s.fault === "wrong-voters") k = rng.int(majority, n === 3 ? 3 : 4);
  else if (s.fault === "minority-wrong-voters") k = rng.int(1, majority - 1);
  const wrongSet = new Set(rng.shuffle(voters.map((_, i) => i)).slice(0, k));
  const target = rng.int(0, s.entities.length - 1);
  const targetEntity = s.entities[target];
  const shared = s.wrong(s.valueOf(targetEntity, year)); // the one wrong component all wrong voters share
  const fabricate = rng.chance(0.3);
  let notes = k
    ? `${k} of ${n} voters use ${targetEntity} = ${shared} (true ${s.valueOf(targetEntity, year)})${fabricate ? " without a lookup" : ""}`
    : "";

  const votes: number[] = [];
  voters.forEach((voter, i) => {
    const call = s.agent(voter, task, root, "voter");
    const wrong = wrongSet.has(i);
    const parts: number[] = [];
    const seen: string[] = [];
    let aside = "";
    for (const entity of s.entities) {
      if (wrong && fabricate && entity === targetEntity) {
        parts.push(shared);
        aside = fabricatedText(rng, entity, s.fmt(shared), domain.unit);
        continue;
      }
      const r = s.lookup(call, entity, year);
      seen.push(r.text);
      parts.push(wrong && entity === targetEntity ? shared : r.value);
    }
    const total = parts.reduce((a, b) => a + b, 0);
    const text = [aside, voteText(rng, s.fmt(total), domain.unit)].filter(Boolean).join(" ");
    const span = run.chat(call, `${task}\n${seen.join("\n")}`, s.noise(text));
    if (wrong) s.origin(voter, span, call, total);
    run.finishAgent(call, text);
    votes.push(total);
  });

  const counts = new Map<number, number>();
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  let winner = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
  const winnerCount = counts.get(winner)!;
  const aggregator = s.agent(
    names.aggregator,
    votes.map((v, i) => `${voters[i]}: ${v}`).join("\n"),
    root,
    "aggregator",
  );
  if (s.fault === "wrong-aggregation") {
    const right = winner;
    winner = s.wrong(winner);
    notes = `${names.aggregator} announces ${winner}; the votes say ${right}`;
  }
  const tally = tallyText(
    rng,
    votes.map((v) => s.fmt(v)),
    s.fmt(winner),
    winnerCount,
  );
  const tallySpan = run.chat(aggregator, votes.join(", "), tally);
  // A minority of wrong voters is outvoted: their values never reach the answer, so they are no
  // culprit; the label keeps only origins whose value reaches the final answer.
  if (s.fault === "wrong-aggregation") s.origin(names.aggregator, tallySpan, aggregator, winner);
  else if (winner !== s.truth) s.touch(names.aggregator);
  run.finishAgent(aggregator, tally);

  const agents = [...voters, names.aggregator];
  if (rng.chance(0.4)) {
    const verifier = s.agent(names.verifier, tally, root, "reviewer");
    const ok = approvalText(rng, s.fmt(winner));
    run.chat(verifier, tally, ok);
    run.finishAgent(verifier, ok);
    if (winner !== s.truth) {
      s.approvedWrong(names.verifier);
      s.touch(names.verifier);
    }
    agents.push(names.verifier);
  }
  const failed = winner !== s.truth;
  // The ensemble's output is the winning answer alone, as a self-consistency wrapper returns it.
  const final = finalText(rng, domain.metric, domain.unit, s.fmt(winner), year);
  run.finishRoot(root, final, failed, s.outcomeStyle);
  return { finalAnswer: final, failed, agents, note: notes || "no fault" };
}
