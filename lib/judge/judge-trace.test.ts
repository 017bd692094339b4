import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeTrace } from "../attribution";
import { validateTrace } from "../trace/validate-trace";
import { minimalTrace } from "../trace/test-traces";
import { judgeTrace } from "./judge-trace";
import { judgeConfigFromEnv, JudgeError, type JudgeConfig } from "./judge-config";
import { contextBands } from "./context-bands";
import { firstJsonObject } from "./openai-chat";

// A fake OpenAI-compatible server on loopback: answers by what the prompt asks, records requests.
let server: http.Server;
let baseUrl: string;
const requests: { auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
let mode: "good" | "garbage" | "slow" = "good";
beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString());
    requests.push({ auth: req.headers.authorization, body });
    if (mode === "slow") return; // never answers
    if (mode === "garbage") return void res.writeHead(200).end("<html>");
    const prompt = body.messages[1].content as string;
    const content = prompt.includes("Which agent")
      ? 'Sure! ```json\n{"agent": "Bob", "step": 1, "reason": "Bob said hi wrongly"}\n```'
      : '{"decisive": true, "p": 0.8, "reason": "wrong greeting"}';
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const trace = validateTrace(minimalTrace());
const config = (): JudgeConfig => ({
  baseUrl,
  model: "fake-judge",
  apiKey: "k",
  weight: 0.5,
  timeoutMs: 2000,
  maxStepCalls: 5,
});

describe("judgeTrace (fake OpenAI-compatible server)", () => {
  it("names the agent all-at-once, then the step step-by-step, as weighted evidence", async () => {
    mode = "good";
    requests.length = 0;
    const v = await judgeTrace(trace, config());
    expect(v).toMatchObject({ agent: "Bob", stepId: "s2", calls: 2 });
    expect(v.evidence).toEqual([
      { stepId: "s2", name: "llm-judge", score: 0.8, weight: 0.5, note: "LLM judge (fake-judge): wrong greeting" },
    ]);
    expect(requests[0].auth).toBe("Bearer k");
    expect(requests[0].body.model).toBe("fake-judge");
    expect(requests[1].body.messages[1].content).toContain(">>> [1] Bob");
    // Its findings become one more detector of the engine.
    const report = analyzeTrace(trace, { extraEvidence: v.evidence });
    expect(
      report.steps.find((s) => s.stepId === "s2")!.detectors.some((d) => d.name === "llm-judge" && d.score === 0.4),
    ).toBe(true);
  });

  it("fails clearly on garbage and on timeouts", async () => {
    mode = "garbage";
    await expect(judgeTrace(trace, config())).rejects.toThrow(/not an OpenAI chat completion/);
    mode = "slow";
    await expect(judgeTrace(trace, { ...config(), timeoutMs: 100 })).rejects.toThrow(JudgeError);
    mode = "good";
  });
});

describe("judge configuration and helpers", () => {
  it("is off by default and validates its settings", () => {
    expect(judgeConfigFromEnv({})).toBeUndefined();
    expect(
      judgeConfigFromEnv({ CULPRIT_JUDGE_BASE_URL: "http://127.0.0.1:1/v1/", CULPRIT_JUDGE_MODEL: "m" }),
    ).toMatchObject({
      baseUrl: "http://127.0.0.1:1/v1",
      weight: 0.5,
    });
    expect(() => judgeConfigFromEnv({ CULPRIT_JUDGE_BASE_URL: "file:///x", CULPRIT_JUDGE_MODEL: "m" })).toThrow(
      /not an http/,
    );
    expect(() =>
      judgeConfigFromEnv({ CULPRIT_JUDGE_BASE_URL: "http://x", CULPRIT_JUDGE_MODEL: "m", CULPRIT_JUDGE_WEIGHT: "2" }),
    ).toThrow(/from 0 to 1/);
  });

  it("bands context by distance: near steps in full, far ones clipped or elided", () => {
    const steps = Array.from({ length: 30 }, (_, i) => ({
      id: `s${i}`,
      agent: "A",
      kind: "message" as const,
      content: `${"x".repeat(1000)} ${i}`,
      status: "unset" as const,
    }));
    const text = contextBands(steps, 15);
    const lines = text.split("\n");
    expect(lines.find((l) => l.startsWith(">>> [15]"))!.length).toBeGreaterThan(1000);
    expect(lines.find((l) => l.startsWith("[13]"))!.length).toBeLessThan(700);
    expect(lines.find((l) => l.startsWith("[20]"))!.length).toBeLessThan(200);
    expect(lines.some((l) => l.startsWith("[0]"))).toBe(true); // milestone
    expect(lines.some((l) => l.startsWith("[5]"))).toBe(false);
    expect(lines).toContain("…");
  });

  it("extracts the first JSON object from prose and fences", () => {
    expect(firstJsonObject('Answer: {"a": "}"} and {"b": 2}')).toEqual({ a: "}" });
    expect(firstJsonObject("no json")).toBeUndefined();
  });
});
