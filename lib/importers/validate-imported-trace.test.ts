import { describe, expect, it } from "vitest";
import fc from "fast-check";
import fs from "node:fs";
import path from "node:path";
import {
  ZAgent,
  ZEdge,
  ZLabel,
  ZRunInfo,
  ZStateAccess,
  ZStep,
  ZStepError,
  ZTokens,
  ZTool,
  ZTrace,
  type TTraceInput,
} from "../trace/schema";
import { TraceInputError } from "../trace/errors";
import { validateTrace } from "../trace/validate-trace";
import { generatedTrace, minimalTrace } from "../trace/test-traces";
import { checkImportedTrace, isTimestamp, validateImportedTrace } from "./validate-imported-trace";
import * as canonical from "./canonical-order";
import { parseInputText } from "./parse-input-text";
import { inferEdges } from "./edges/infer-edges";
import { importOtlp } from "./otlp/import-otlp";
import { importWhoAndWhen } from "./who-and-when/import-who-and-when";
import { importAg2 } from "./chat/import-ag2";
import { importAutogen } from "./chat/import-autogen";
import { importLangfuse } from "./langfuse/import-langfuse";
import { importLangSmith } from "./langsmith/import-langsmith";

/** Importer output just before validation, for every fixture format. */
function importerOutputs(): [string, TTraceInput][] {
  const importers: [string, (v: unknown) => TTraceInput][] = [
    ["otlp-genai-multi-agent.json", importOtlp],
    ["who-and-when-hand-crafted.json", importWhoAndWhen],
    ["who-and-when-algorithm-generated.json", importWhoAndWhen],
    ["ag2-group-chat.json", importAg2],
    ["autogen-task-result.json", importAutogen],
    ["langfuse-trace.json", importLangfuse],
    ["langsmith-runs.jsonl", importLangSmith],
  ];
  return importers.map(([file, importer]) => {
    const input = importer(
      parseInputText(fs.readFileSync(path.join(import.meta.dirname, "fixtures", file), "utf8"), file),
    );
    input.edges = inferEdges(input.steps);
    return [file, input];
  });
}

const BASES: [string, TTraceInput][] = [
  ...importerOutputs(),
  ["minimal", minimalTrace()],
  ["generated", generatedTrace(40, 5)],
];

type Outcome = { ok: true; json: string } | { ok: false; message: string; issues: unknown };
function outcome(fn: () => unknown): Outcome {
  try {
    return { ok: true, json: JSON.stringify(fn()) };
  } catch (err) {
    if (!(err instanceof TraceInputError)) throw err;
    return { ok: false, message: err.message, issues: err.issues };
  }
}

/** The contract: never accepts what zod rejects; when it accepts, byte-identical to zod's output. */
function expectAgreesWithZod(input: unknown): void {
  const zod = outcome(() => validateTrace(input));
  const fast = checkImportedTrace(input);
  if (!zod.ok) expect(fast).toBeUndefined();
  else if (fast !== undefined) expect(JSON.stringify(fast)).toBe(zod.json);
  expect(outcome(() => validateImportedTrace(input))).toEqual(zod);
}

describe("checkImportedTrace on importer output", () => {
  it.each(BASES)("%s: takes the fast path and matches zod byte for byte", (_, input) => {
    const fast = checkImportedTrace(input);
    expect(fast).toBeDefined();
    expect(JSON.stringify(fast)).toBe(JSON.stringify(validateTrace(input)));
    expect(fast).toEqual(validateTrace(input));
  });

  it("canonical key lists are the schema's keys in schema order (a new schema field must fail here)", () => {
    expect(canonical.STEP_KEYS).toEqual(Object.keys(ZStep.shape));
    expect(canonical.TOOL_KEYS).toEqual(Object.keys(ZTool.shape));
    expect(canonical.STATE_KEYS).toEqual(Object.keys(ZStateAccess.shape));
    expect(canonical.ERROR_KEYS).toEqual(Object.keys(ZStepError.shape));
    expect(canonical.TOKENS_KEYS).toEqual(Object.keys(ZTokens.shape));
    expect(canonical.EDGE_KEYS).toEqual(Object.keys(ZEdge.shape));
    expect(canonical.AGENT_KEYS).toEqual(Object.keys(ZAgent.shape));
  });

  it("knows every field of the schema, in schema order (a new schema field must fail here)", () => {
    const full = {
      schema: "culprit.trace/v1",
      run: {
        title: "t",
        system: "s",
        task: "k",
        outcome: "failure",
        groundTruth: "g",
        finalAnswer: "f",
        startedAt: "2025-01-01T00:00:00Z",
        endedAt: "2025-01-01T00:00:01Z",
        costUsd: 1,
        sourceFormat: "otlp",
        attributes: { a: 1 },
      },
      agents: [{ name: "A", role: "r", description: "d", kind: "task_giver", attributes: {} }],
      steps: [
        {
          id: "s",
          sourceRef: "r",
          agent: "A",
          kind: "tool_call",
          name: "n",
          input: "i",
          content: "c",
          tool: { name: "t", arguments: { x: 1 }, result: "ok" },
          state: { op: "write", key: "k", value: "v" },
          target: "A",
          status: "error",
          error: { type: "E", message: "m" },
          tokens: { input: 1, output: 2, total: 3 },
          costUsd: 0.5,
          startTime: "2025-01-01T00:00:00.123456789Z",
          endTime: "2025-01-01T00:00:01+02:00",
          parentId: "s",
          attributes: { k: "v" },
        },
      ],
      edges: [{ from: "s", to: "s", kind: "state", key: "k", evidence: "e", confidence: 0.5 }],
      labels: [{ agent: "A", stepId: "s", note: "n", author: "me" }],
      warnings: ["w"],
    };
    const out = checkImportedTrace(full)!;
    expect(out).toBeDefined();
    const keys = (o: object) => Object.keys(o);
    expect(keys(out)).toEqual(keys(ZTrace.shape));
    expect(keys(out.run)).toEqual(keys(ZRunInfo.shape));
    expect(keys(out.agents[0])).toEqual(keys(ZAgent.shape));
    expect(keys(out.steps[0])).toEqual(keys(ZStep.shape));
    expect(keys(out.steps[0].tool!)).toEqual(keys(ZTool.shape));
    expect(keys(out.steps[0].state!)).toEqual(keys(ZStateAccess.shape));
    expect(keys(out.steps[0].error!)).toEqual(keys(ZStepError.shape));
    expect(keys(out.steps[0].tokens!)).toEqual(keys(ZTokens.shape));
    expect(keys(out.edges[0])).toEqual(keys(ZEdge.shape));
    expect(keys(out.labels[0])).toEqual(keys(ZLabel.shape));
    expectAgreesWithZod(full);
  });
});

describe("importer bugs are still caught, with zod's own error report", () => {
  const base = () => structuredClone(importerOutputs()[0][1]);
  it.each<[string, (t: TTraceInput) => void, string]>([
    ["a step whose agent is not in agents", (t) => void (t.steps[1].agent = "ghost"), 'unknown agent "ghost"'],
    ["a duplicate step id", (t) => void (t.steps[2].id = t.steps[1].id), "duplicate step id"],
    ["a duplicate agent", (t) => void t.agents.push({ ...t.agents[0] }), "duplicate agent name"],
    [
      "an edge to a missing step",
      (t) => void t.edges!.push({ from: t.steps[0].id, to: "nope", kind: "message" }),
      'unknown step "nope"',
    ],
    ["a dangling parent", (t) => void (t.steps[3].parentId = "nope"), 'unknown parent step "nope"'],
    ["a malformed timestamp", (t) => void (t.steps[0].startTime = "2025-13-01T00:00:00Z"), "steps[0].startTime"],
    ["a negative token count", (t) => void (t.steps[1].tokens = { input: -1 }), "steps[1].tokens.input"],
    ["a fractional token count", (t) => void (t.steps[1].tokens = { output: 1.5 }), "steps[1].tokens.output"],
    ["an unknown step kind", (t) => void (t.steps[0].kind = "banana" as never), "steps[0].kind"],
    ["an over-long agent name", (t) => void (t.agents[0].name = "x".repeat(257)), "agents[0].name"],
    ["an empty step id", (t) => void (t.steps[0].id = ""), "steps[0].id"],
    ["a confidence above 1", (t) => void (t.edges![0].confidence = 1.5), "edges[0].confidence"],
    ["a NaN cost", (t) => void (t.steps[0].costUsd = Number.NaN), "steps[0].costUsd"],
    ["a non-string content", (t) => void (t.steps[0].content = 42 as never), "steps[0].content"],
    ["an array as attributes", (t) => void (t.steps[0].attributes = [] as never), "steps[0].attributes"],
  ])("%s", (_, mutate, expected) => {
    const t = base();
    expect(t.edges!.length).toBeGreaterThan(0);
    mutate(t);
    expect(checkImportedTrace(t)).toBeUndefined();
    const err = outcome(() => validateImportedTrace(t));
    expect(err.ok).toBe(false);
    expect(err).toEqual(outcome(() => validateTrace(t)));
    expect(err.ok === false && err.message + JSON.stringify(err.issues)).toContain(expected);
  });
});

/** Values that probe every check: wrong types, boundaries, enum misses, bad timestamps. */
const VALUES: unknown[] = [
  undefined,
  null,
  "",
  "x",
  "A",
  "s1",
  "x".repeat(256),
  "x".repeat(257),
  "x".repeat(1001),
  0,
  -1,
  0.5,
  1,
  1.5,
  2 ** 31,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  {},
  [],
  ["w"],
  { name: "t" },
  { op: "read", key: "k" },
  { op: "peek", key: "k" },
  { message: "m" },
  { input: 3 },
  { input: -3 },
  "llm",
  "message",
  "read",
  "ok",
  "error",
  "failure",
  "otlp",
  "task_giver",
  "agent",
  "chat",
  "2025-01-01T00:00:00Z",
  "2025-01-01T00:00:00.5+01:00",
  "2025-02-30T00:00:00Z",
  "2025-01-01 00:00:00Z",
  "2025-01-01T00:00:00",
  Object.create(null),
  JSON.parse('{"__proto__": {"x": 1}}'),
];
const TOP_KEYS = ["schema", "run", "agents", "steps", "edges", "labels", "warnings", "extra"];
const RUN_KEYS = [...Object.keys(ZRunInfo.shape), "extra"];
const STEP_KEYS = [...Object.keys(ZStep.shape), "extra"];
const NESTED: Record<string, string[]> = {
  tool: Object.keys(ZTool.shape),
  state: Object.keys(ZStateAccess.shape),
  error: Object.keys(ZStepError.shape),
  tokens: Object.keys(ZTokens.shape),
};
const EDGE_KEYS = [...Object.keys(ZEdge.shape), "extra"];
const AGENT_KEYS = [...Object.keys(ZAgent.shape), "extra"];
const LABEL_KEYS = [...Object.keys(ZLabel.shape), "extra"];

type Mutation = { where: number; pick: number; key: number; sub: number; value: number };
const mutationArb = fc.record({
  where: fc.nat(7),
  pick: fc.nat(1000),
  key: fc.nat(100),
  sub: fc.nat(10),
  value: fc.nat(VALUES.length - 1),
});

function applyMutation(t: Record<string, unknown>, m: Mutation): void {
  const value = structuredClone(VALUES[m.value]);
  const at = <T>(list: T[], n: number) => list[n % list.length];
  const set = (obj: unknown, key: string, v: unknown) => {
    if (obj && typeof obj === "object") (obj as Record<string, unknown>)[key] = v;
  };
  const list = (key: string) => (Array.isArray(t[key]) ? (t[key] as unknown[]) : []);
  switch (m.where) {
    case 0:
      return set(t, at(TOP_KEYS, m.key), value);
    case 1:
      return set(t.run, at(RUN_KEYS, m.key), value);
    case 2:
    case 3: {
      const steps = list("steps");
      if (steps.length === 0) return;
      const step = at(steps, m.pick) as Record<string, unknown>;
      const key = at(STEP_KEYS, m.key);
      // Step values that make references interesting: other steps' ids and agents.
      const ref = at(steps, m.sub) as Record<string, unknown> | undefined;
      if (m.where === 3 && NESTED[key] && step && typeof step === "object") {
        step[key] ??= {};
        return set(step[key], at(NESTED[key], m.sub), value);
      }
      return set(step, key, m.value % 5 === 0 && ref ? ref[key === "parentId" ? "id" : key] : value);
    }
    case 4: {
      const edges = list("edges");
      const steps = list("steps") as Record<string, unknown>[];
      if (edges.length === 0) return;
      const key = at(EDGE_KEYS, m.key);
      return set(at(edges, m.pick), key, m.value % 4 === 0 && steps.length ? at(steps, m.sub).id : value);
    }
    case 5:
      return set(at(list("agents"), m.pick), at(AGENT_KEYS, m.key), value);
    case 6:
      return set(at(list("labels").length ? list("labels") : [{}], m.pick), at(LABEL_KEYS, m.key), value);
    default: {
      const agents = list("agents");
      if (agents.length) agents.push(structuredClone(at(agents, m.pick))); // duplicate agent
    }
  }
}

describe("checkImportedTrace agrees with zod on mutated importer output (property)", () => {
  it("never accepts what zod rejects; when it accepts, the output is zod's", () => {
    fc.assert(
      fc.property(fc.nat(BASES.length - 1), fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (b, mutations) => {
        const t = structuredClone(BASES[b][1]) as unknown as Record<string, unknown>;
        for (const m of mutations) applyMutation(t, m);
        expectAgreesWithZod(t);
      }),
      { numRuns: 600, seed: 20260301 },
    );
  }, 60_000);

  it("mutations that keep the trace valid usually stay on the fast path", () => {
    let valid = 0;
    let fast = 0;
    fc.assert(
      fc.property(fc.nat(BASES.length - 1), mutationArb, (b, m) => {
        const t = structuredClone(BASES[b][1]) as unknown as Record<string, unknown>;
        applyMutation(t, m);
        if (!outcome(() => validateTrace(t)).ok) return;
        valid++;
        if (checkImportedTrace(t) !== undefined) fast++;
      }),
      { numRuns: 300, seed: 7 },
    );
    expect(valid).toBeGreaterThan(50);
    expect(fast / valid).toBeGreaterThan(0.95);
  }, 60_000);
});

describe("isTimestamp", () => {
  const zodAccepts = (s: string) => ZStep.shape.startTime.safeParse(s).success;
  const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
  // Near-misses of ISO timestamps: a handful of seconds (so the prefix cache is hit) and broken tails.
  const timestampArb = fc
    .tuple(
      pick(["2025-06-15", "2024-02-29", "2023-02-29", "2025-13-01", "2025-06-31"]),
      pick(["T", " ", "t"]),
      pick(["10:00:00", "23:59:59", "24:00:00", "10:60:00", "10:00"]),
      pick(["", ".", ".5", ".123456789", ".12a", "..1"]),
      pick(["Z", "z", "", "+02:00", "-23:59", "+24:00", "+02:60", "+0200", "+02:00Z", "Z ", "+2:00"]),
    )
    .map((parts) => parts.join(""));

  it("agrees with the schema's timestamp check over any sequence of strings", () => {
    fc.assert(
      fc.property(fc.array(timestampArb, { minLength: 1, maxLength: 20 }), (list) => {
        for (const s of list) expect(isTimestamp(s), s).toBe(zodAccepts(s));
      }),
      { numRuns: 400, seed: 11 },
    );
  });
});
