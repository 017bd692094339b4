/**
 * Writes a scene in one of three wires and reads it back through `importTrace`, as a user's upload
 * would be: a canonical `culprit.trace/v1` file (with or without stated edges), an OpenAI-style
 * message log (`tool_calls` and `tool` replies, or calls written as text), or the Who&When layout.
 * Chat logs do not say whether the run failed; the outcome is then set on the imported trace, as a
 * user marks a run. Returns the imported trace and a map from the scene's step ids to its ids.
 */
import { importTrace } from "../../importers/index";
import type { TTrace } from "../../trace/schema";
import type { AltStep, Scene } from "./scene";

export interface Emitted {
  text: string;
  trace: TTrace;
  idOf: (sceneId: string) => string;
}

export function emit(
  scene: Scene,
  final: { answer: string; expected: string; failed: boolean },
  file: string,
): Emitted {
  if (scene.wire === "canonical") {
    const text = JSON.stringify(canonical(scene, final));
    return { text, trace: importTrace(text, { fileName: file }).trace, idOf: (id) => id };
  }
  // Chat wires hold one message per scene step, in order: step k is message k, imported as s<k>.
  const index = new Map(scene.steps.map((s, i) => [s.id, i]));
  const idOf = (id: string) => `s${index.get(id)}`;
  const text = JSON.stringify(scene.wire === "messages" ? messageLog(scene) : whoAndWhen(scene, final));
  const { trace } = importTrace(text, { fileName: file });
  if (scene.wire === "messages") trace.run.outcome = final.failed ? "failure" : "success";
  return { text, trace, idOf };
}

const KIND: Record<AltStep["kind"], string> = {
  message: "message",
  tool_call: "tool_call",
  tool_result: "tool_result",
  state_write: "state_write",
  state_read: "state_read",
  delegate: "delegate",
  final: "final",
};

function canonical(scene: Scene, final: { answer: string; failed: boolean }) {
  const { rng } = scene;
  const start = Date.UTC(2026, rng.between(0, 10), rng.between(1, 27), rng.between(7, 19), rng.between(0, 59));
  const runnerUsed = scene.steps.some((s) => s.agent === scene.runner);
  const statedEdges = rng.coin(0.6);
  const steps = scene.steps.map((s, i) => {
    const out: Record<string, unknown> = {
      id: s.id,
      agent: s.agent,
      kind: KIND[s.kind],
      content: s.content,
      startTime: new Date(start + i * 1000 * rng.between(2, 40)).toISOString(),
    };
    if (s.tool) {
      out.name = s.tool.name;
      out.tool = {
        name: s.tool.name,
        arguments: s.tool.args,
        ...(s.tool.result !== undefined ? { result: s.tool.result } : {}),
      };
      if (s.tool.error) {
        out.status = "error";
        out.error = { message: s.tool.result ?? "tool failed" };
      } else if (s.tool.result !== undefined) out.status = "ok";
    }
    if (s.state) out.state = s.state;
    if (s.target) out.target = s.target;
    return out;
  });
  // Timestamps only increase (a run's steps are in order).
  for (let i = 1; i < steps.length; i++)
    if ((steps[i].startTime as string) <= (steps[i - 1].startTime as string))
      steps[i].startTime = new Date(Date.parse(steps[i - 1].startTime as string) + 1000).toISOString();
  const edges = statedEdges
    ? scene.steps.flatMap((s) => s.reads.map((r) => ({ from: r.id, to: s.id, kind: r.via, confidence: 1 })))
    : [];
  return {
    schema: "culprit.trace/v1",
    run: {
      title: scene.task.slice(0, 80),
      system: `${scene.topology}-${rng.one(["team", "crew", "swarm", "graph"])}`,
      task: scene.task,
      outcome: final.failed ? "failure" : "success",
      finalAnswer: final.answer,
      sourceFormat: "culprit",
    },
    agents: [
      { name: scene.taskGiver, kind: "task_giver" },
      ...scene.agents.map((name) => ({ name })),
      ...(runnerUsed ? [{ name: scene.runner }] : []),
    ],
    steps,
    edges,
  };
}

function messageLog(scene: Scene) {
  const runnerRole = scene.rng.coin() ? "user" : "assistant";
  let callNo = 0;
  let lastCall = "";
  const messages = scene.steps.map((s) => {
    if (s.taskGiver) return { role: "user", content: s.content };
    if (s.kind === "tool_call") {
      lastCall = `call_${++callNo}`;
      return {
        role: "assistant",
        name: s.agent,
        content: s.content || null,
        tool_calls: [
          { id: lastCall, type: "function", function: { name: s.tool?.name, arguments: JSON.stringify(s.tool?.args) } },
        ],
      };
    }
    if (s.kind === "tool_result" && s.agent !== scene.runner)
      return { role: "tool", tool_call_id: lastCall, content: s.content };
    if (s.agent === scene.runner) return { role: runnerRole, name: s.agent, content: s.content };
    return { role: "assistant", name: s.agent, content: s.content };
  });
  return { messages };
}

function whoAndWhen(scene: Scene, final: { expected: string; failed: boolean }) {
  const history = scene.steps.map((s) =>
    s.taskGiver
      ? { role: "user", content: s.content }
      : { role: s.agent === scene.runner ? "user" : "assistant", name: s.agent, content: s.content },
  );
  return { question: scene.task, ground_truth: final.expected, is_correct: !final.failed, history };
}
