import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { TraceBuilder, isRecord, toText } from "../trace-builder";
import { type AtifDoc, docKeys, isAtifBundle, isAtifTrajectory, refKeys } from "./atif-shape";
import {
  ATIF_TASK_GIVER,
  type AtifWalk,
  delegateUnreferenced,
  mapTrajectory,
  subagentName,
} from "./map-atif-trajectory";

/**
 * Maps an ATIF trajectory (Harbor's Agent Trajectory Interchange Format) to a trace: `user` steps
 * are the task giver's, `agent` steps are turns of the trajectory's agent (reasoning → thought,
 * message → llm step with usage, each tool call → tool step with its observation), `system` steps
 * stay with the agent as plain steps. A result's `subagent_trajectory_ref` is a delegation: the
 * referenced trajectory (embedded in `subagent_trajectories`, or saved beside it in a list of
 * trajectories) is mapped as the subagent's steps under a delegate step, its `user` steps being
 * the delegator's instructions. Steps a subagent copies from its parent's context
 * (`is_copied_context`) are not mapped twice. Step ids `s<step_id>`, `a<k>/s<step_id>` in subagents.
 */
export function importAtif(value: unknown): TTraceInput {
  const docs = isAtifBundle(value) ? value : isAtifTrajectory(value) ? [value] : undefined;
  if (!docs) {
    throw new TraceInputError(
      "schema",
      'Not an ATIF trajectory: expected {schema_version: "ATIF-v1.x", agent, steps[]}',
      {
        issues: [{ path: "schema_version", message: "expected an ATIF-v1.x schema_version and a steps array" }],
      },
    );
  }
  const walk: AtifWalk = {
    builder: new TraceBuilder(),
    byKey: new Map(),
    mapped: new Set(),
    agentOf: new Map(),
    copiedSkipped: 0,
  };
  const root = indexSubagents(walk, docs);
  const rootAgent = subagentName(walk, root);
  mapTrajectory(walk, root, { agent: rootAgent, prefix: "", depth: 0 });
  // Subagent trajectories nothing references still ran for the root agent.
  for (const doc of new Set(walk.byKey.values())) {
    if (walk.mapped.has(doc)) continue;
    const name = toText(doc.trajectory_id ?? doc.session_id);
    walk.builder.warn(`subagent trajectory ${name} is referenced by no step; filed as a delegation of ${rootAgent}`);
    delegateUnreferenced(walk, doc, rootAgent);
  }
  if (walk.copiedSkipped) {
    walk.builder.warn(
      `${walk.copiedSkipped} step(s) a subagent copied from its parent's context were not mapped again`,
    );
  }
  const { builder } = walk;
  if (builder.steps.length === 0)
    throw new TraceInputError("schema", "The ATIF trajectory has no steps", {
      issues: [{ path: "steps", message: "empty" }],
    });
  const task = builder.steps.find((s) => s.agent === ATIF_TASK_GIVER && !s.id.includes("/"))?.content;
  const answer = [...builder.steps]
    .reverse()
    .find((s) => s.agent === rootAgent && s.kind === "llm" && !s.id.includes("/") && s.content);
  const agent = isRecord(root.agent) ? root.agent : {};
  return builder.build({
    title:
      typeof agent.name === "string"
        ? [agent.name, root.session_id]
            .filter((p) => typeof p === "string")
            .join(" · ")
            .slice(0, 1000)
        : undefined,
    system: "harbor",
    task: task || undefined,
    finalAnswer: answer?.content || undefined,
    outcome: rewardOutcome(root),
    sourceFormat: "atif",
    attributes: runAttributes(root),
  });
}

/** The root (the trajectory no other one references) and every other trajectory by its keys. */
function indexSubagents(walk: AtifWalk, docs: AtifDoc[]): AtifDoc {
  const referenced = new Set<string>();
  const all: AtifDoc[] = [];
  const visit = (doc: AtifDoc, depth: number) => {
    all.push(doc);
    for (const step of doc.steps) {
      const results =
        isRecord(step) && isRecord(step.observation) && Array.isArray(step.observation.results)
          ? step.observation.results
          : [];
      for (const r of results)
        if (isRecord(r) && Array.isArray(r.subagent_trajectory_ref))
          for (const ref of r.subagent_trajectory_ref.filter(isRecord)) for (const k of refKeys(ref)) referenced.add(k);
    }
    if (depth < 16 && Array.isArray(doc.subagent_trajectories))
      for (const sub of doc.subagent_trajectories)
        if (isAtifTrajectory(sub) || isSubTrajectory(sub)) visit(sub as AtifDoc, depth + 1);
  };
  for (const doc of docs) visit(doc, 0);
  const root = docs.find((d) => !docKeys(d).some((k) => referenced.has(k))) ?? docs[0];
  for (const doc of all)
    if (doc !== root) for (const key of docKeys(doc)) if (!walk.byKey.has(key)) walk.byKey.set(key, doc);
  return root;
}

/** Embedded subagent trajectories may leave out the version they share with their parent. */
function isSubTrajectory(value: unknown): boolean {
  return isRecord(value) && Array.isArray(value.steps);
}

/** A reward the harness recorded in `extra`: 1 (or more) passed, 0 failed, anything else unknown. */
function rewardOutcome(doc: AtifDoc): TTraceInput["run"]["outcome"] {
  const extra = isRecord(doc.extra) ? doc.extra : {};
  const reward = typeof extra.reward === "number" ? extra.reward : undefined;
  if (reward === undefined) return "unknown";
  return reward >= 1 ? "success" : reward === 0 ? "failure" : "unknown";
}

function runAttributes(doc: AtifDoc): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const key of ["schema_version", "session_id", "trajectory_id", "agent", "final_metrics", "notes", "extra"])
    if (doc[key] !== undefined) out[key] = doc[key];
  return Object.keys(out).length ? out : undefined;
}
