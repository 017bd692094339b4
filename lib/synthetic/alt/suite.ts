/**
 * Entry point of the alternative synthetic suite: one run for a (topology, fault, seed), or n runs
 * cycling through every supported pair. Each run is written in one of three wires and read back
 * through `importTrace`; its label (culprits, decisive steps in the imported trace's ids, last
 * agent to touch the error, rubber stamp) is kept beside it. Pure and deterministic.
 */
import type { TTrace } from "../../trace/schema";
import { emit } from "./emit";
import { altRng } from "./rng";
import { Scene, type ToolStyle } from "./scene";
import { blackboard } from "./topologies/blackboard";
import { chain } from "./topologies/chain";
import { debate } from "./topologies/debate";
import type { Outcome } from "./topologies/flows";
import { manager } from "./topologies/manager";
import { reviewLoop } from "./topologies/review-loop";
import {
  ALT_TOPOLOGIES,
  ALT_TOPOLOGY_FAULTS,
  type AltFault,
  type AltLabel,
  type AltTopology,
  type AltWire,
} from "./types";
import { World } from "./world";

export interface AltRun {
  /** The file as uploaded (canonical JSON, a message log, or a Who&When record). */
  text: string;
  /** The trace `importTrace` made of it (chat logs: outcome set as a user marks the run). */
  trace: TTrace;
  label: AltLabel;
}

const BUILD: Record<AltTopology, (s: Scene, w: World) => Outcome> = {
  chain,
  manager,
  debate,
  blackboard,
  "review-loop": reviewLoop,
};

const WIRES: readonly AltWire[] = ["canonical", "canonical", "messages", "who-and-when"];
const TOOL_STYLES: readonly ToolStyle[] = ["joined", "split", "text"];

export const MAX_ALT_RUNS = 5000;

export function generateAltRun(topology: AltTopology, fault: AltFault, seed: string, file = "run.json"): AltRun {
  if (!ALT_TOPOLOGY_FAULTS[topology].includes(fault)) throw new Error(`${topology} does not inject ${fault}`);
  const rng = altRng(`${seed}#${topology}#${fault}`);
  const world = new World(rng.fork("world"), rng.between(2, 3));
  const wire = rng.one(WIRES);
  const scene = new Scene(
    rng.fork("scene"),
    topology,
    fault,
    wire,
    world.domain,
    rng.one(TOOL_STYLES),
    world.runner,
    world.taskGiver,
  );
  const outcome = BUILD[topology](scene, world);
  const emitted = emit(scene, outcome, file);
  const truth = scene.truth();
  const failed = outcome.failed;
  const label: AltLabel = {
    file,
    seed,
    topology,
    fault,
    wire,
    outcome: failed ? "failure" : "success",
    expectedAnswer: outcome.expected,
    finalAnswer: outcome.answer,
    culpritAgents: failed ? truth.culprits.map((c) => c.agent) : [],
    decisiveStepIds: failed ? truth.culprits.map((c) => emitted.idOf(c.step)) : [],
    lastTouchAgent: failed ? truth.lastTouch : undefined,
    rubberStampAgent: failed ? truth.stamp?.agent : undefined,
    approvalRestates: failed ? truth.stamp?.restates : undefined,
    agents: [...scene.agents],
    note: `${topology}/${fault} via ${wire}, tools ${scene.toolStyle}`,
  };
  if (failed && !label.culpritAgents.length) throw new Error(`${file}: failing run without a culprit (${label.note})`);
  return { text: emitted.text, trace: emitted.trace, label };
}

export function altPairs(): { topology: AltTopology; fault: AltFault }[] {
  return ALT_TOPOLOGIES.flatMap((topology) => ALT_TOPOLOGY_FAULTS[topology].map((fault) => ({ topology, fault })));
}

export function generateAltSuite(n: number, seed: number | string): AltRun[] {
  if (!Number.isInteger(n) || n < 1 || n > MAX_ALT_RUNS) throw new Error(`n must be an integer in 1..${MAX_ALT_RUNS}`);
  const pairs = altPairs();
  return Array.from({ length: n }, (_, i) => {
    const { topology, fault } = pairs[i % pairs.length];
    return generateAltRun(topology, fault, `${seed}:${i}`, `alt-${String(i + 1).padStart(4, "0")}.json`);
  });
}
