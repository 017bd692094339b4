/**
 * Shared memory: collectors look figures up and write them to memory keys; a calculator reads the
 * keys, adds them and writes the total; a reporter reads the total and answers; an auditor may
 * approve the stored total. Agents never message each other: every value travels through memory
 * (memory tools, or `update_memory`/`search_memory` spans). Faults: a collector writes a value
 * other than the tool's (corrupted-memory-write), writes one it never looked up, or writes one
 * after a failed lookup; the calculator's sum does not recompute.
 */
import { fabricatedText, falseSuccessText, finalText, storedNote, sumText, taskText } from "../phrasing";
import type { Scenario } from "../scenario";
import { MEMORY_NAMES } from "../vocabulary";
import type { TopologyResult } from "./outcome";
import { rubberStamp } from "./stages";

export function sharedMemory(s: Scenario): TopologyResult {
  const { rng, run, domain, year } = s;
  const names = rng.pick(MEMORY_NAMES);
  const task = taskText(rng, domain.metric, domain.unit, s.entities, year);
  const root = run.workflow(rng.pick(["blackboard_run", "memory_graph", "shared_state_flow"]), task);
  const nCollectors = s.entities.length >= 3 && rng.chance(0.5) ? 2 : 1;
  const collectors = Array.from({ length: nCollectors }, (_, i) => names.collector(i));
  const slug = (x: string) =>
    x
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, "");
  const keyOf = (entity: string) => `${slug(domain.metric)}/${slug(entity)}`;
  const totalKey = rng.pick(["total", "result/total", `${slug(domain.metric)}/sum`]);
  const target = rng.int(0, s.entities.length - 1);
  const memory = new Map<string, number>();
  const { write, read } = s.memoryTools;
  let notes = "";

  collectors.forEach((collector, c) => {
    const mine = s.entities.filter((_, i) => i % nCollectors === c);
    const call = s.agent(
      collector,
      `${task}\nCollect ${mine.join(", ")} and store each figure in shared memory.`,
      root,
      "collector",
    );
    const said: string[] = [];
    for (const entity of mine) {
      const i = s.entities.indexOf(entity);
      const faulty = i === target;
      const truth = s.valueOf(entity, year);
      let v: number;
      if (faulty && s.fault === "fabricated-value") {
        v = s.wrong(truth);
        said.push(fabricatedText(rng, entity, s.fmt(v), domain.unit));
        notes = `${collector} writes ${entity} = ${v} without a lookup (true ${truth})`;
      } else if (faulty && s.fault === "ignored-tool-error") {
        s.lookup(call, entity, year, { fail: true });
        v = s.wrong(truth);
        said.push(falseSuccessText(rng, entity, s.fmt(v), domain.unit));
        notes = `${collector}'s lookup of ${entity} failed; it writes ${v} anyway`;
      } else {
        v = s.lookup(call, entity, year).value;
        if (faulty && s.fault === "corrupted-memory-write") {
          v = s.wrong(v);
          notes = `${collector} writes ${keyOf(entity)} = ${v}; the tool said ${truth}`;
        }
        said.push(storedNote(rng, entity, keyOf(entity)));
      }
      const writeSpan = run.memoryWrite(call, s.memoryStyle, write, keyOf(entity), String(v));
      memory.set(keyOf(entity), v);
      if (faulty && ["fabricated-value", "ignored-tool-error", "corrupted-memory-write"].includes(s.fault))
        s.origin(collector, writeSpan, call, v);
    }
    const note = s.noise(said.join(" "));
    run.chat(call, `Report what you stored for ${mine.join(", ")}.`, note);
    run.finishAgent(call, note);
  });

  const calc = s.agent(
    names.calculator,
    `Add up the ${domain.metric} figures in shared memory and store the total under ${totalKey}.`,
    root,
    "compute",
  );
  const values = s.entities.map((e) => {
    const v = memory.get(keyOf(e))!;
    run.memoryRead(calc, s.memoryStyle, read, keyOf(e), String(v));
    return v;
  });
  let total = values.reduce((a, b) => a + b, 0);
  if (s.fault === "bad-arithmetic") {
    const right = total;
    total = s.wrong(total);
    notes = `${names.calculator} writes ${values.join(" + ")} = ${total} (it is ${right})`;
  }
  const sum = sumText(
    rng,
    values.map((v) => s.fmt(v)),
    s.fmt(total),
    domain.unit,
  );
  const sumSpan = run.chat(calc, `Values read: ${values.join(", ")}`, sum);
  if (s.fault === "bad-arithmetic") s.origin(names.calculator, sumSpan, calc, total);
  else if (total !== s.truth) s.touch(names.calculator);
  run.memoryWrite(calc, s.memoryStyle, write, totalKey, String(total));
  run.finishAgent(calc, sum);

  const agents = [...collectors, names.calculator];
  if (rng.chance(0.4)) {
    const auditor = s.agent(names.auditor, `Audit the stored total (${totalKey}).`, root, "reviewer");
    run.memoryRead(auditor, s.memoryStyle, read, totalKey, String(total));
    rubberStamp(s, names.auditor, auditor, `${totalKey} = ${total}`, total);
    agents.push(names.auditor);
  }

  const reporter = s.agent(names.reporter, `Answer the user from ${totalKey}.`, root, "writer");
  run.memoryRead(reporter, s.memoryStyle, read, totalKey, String(total));
  const final = finalText(rng, domain.metric, domain.unit, s.fmt(total), year);
  run.chat(reporter, `${totalKey} = ${total}`, final);
  run.finishAgent(reporter, final);
  if (total !== s.truth) s.touch(names.reporter);
  agents.push(names.reporter);
  const failed = total !== s.truth;
  run.finishRoot(root, final, failed, s.outcomeStyle);
  return { finalAnswer: final, failed, agents, note: notes || "no fault" };
}
