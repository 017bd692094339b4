import { afterEach, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LlmProxy } from "./llm-proxy";
import { AgentNamer, agentKeyOf } from "./agent-identity";
import { UpstreamBudget } from "./upstream-budget";
import { ReplayPlan } from "./replay-plan";
import { startFakeLlm, type FakeLlm } from "./test-fake-llm";
import { startCommand } from "./run-command";
import { RECORDING_FORMAT, type Recording } from "./recording-format";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function proxyFor(fake: FakeLlm, extra: { plan?: ReplayPlan; budget?: UpstreamBudget; namer?: AgentNamer } = {}) {
  const proxy = new LlmProxy({
    upstream: { openai: fake.url, anthropic: fake.url },
    namer: extra.namer ?? new AgentNamer(),
    budget: extra.budget ?? new UpstreamBudget(),
    plan: extra.plan,
    spanSeed: "t",
    upstreamTimeoutMs: 10_000,
  });
  const base = await proxy.listen();
  closers.push(() => proxy.close());
  return { proxy, base };
}

const chat = (base: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${base}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer k", ...headers },
    body: JSON.stringify({ model: "fake-1", ...body }),
  });
const ask = (system: string, user: string) => ({
  messages: [
    { role: "system", content: system },
    { role: "user", content: user },
  ],
});

describe("LlmProxy", () => {
  it("names agents by x-culprit-agent header, then user field, then metadata, then system prompt", async () => {
    const fake = await startFakeLlm();
    closers.push(() => fake.close());
    const { proxy, base } = await proxyFor(fake);
    await chat(base, ask("You are the planner.", "6 times 7"), { "x-culprit-agent": "boss" });
    await chat(base, { ...ask("You are the planner.", "6 times 7"), user: "alice" });
    await chat(base, { ...ask("You are the planner.", "6 times 7"), metadata: { langgraph_node: "plan_node" } });
    await chat(base, ask("You are the planner.", "6 times 7"));
    await chat(base, ask("You are the planner, second edition.", "6 times 7"));
    expect(proxy.calls.map((c) => c.agent)).toEqual(["boss", "alice", "plan_node", "planner", "planner_2"]);
    expect(fake.requests).toHaveLength(5);
  });

  it("the --agents map names system prompts by prefix or by hash prefix", () => {
    const namer = new AgentNamer({ "You are the planner": "Planning Lead" });
    const api = { systemPrompt: (b: Record<string, unknown>) => String(b.s) } as never;
    expect(namer.nameOf(agentKeyOf(undefined, { s: "You are the planner. Plan." }, api))).toBe("Planning Lead");
    expect(namer.nameOf(agentKeyOf(undefined, { s: "Act as a senior code reviewer: be strict." }, api))).toBe(
      "senior_code_reviewer",
    );
  });

  it("answers a streaming request from the upstream stream and records the assembled message", async () => {
    const fake = await startFakeLlm();
    closers.push(() => fake.close());
    const { proxy, base } = await proxyFor(fake);
    const res = await chat(base, {
      ...ask("You are the solver.", "multiply 6 by 7"),
      stream: true,
      stream_options: { include_usage: true },
    });
    const text = await res.text();
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(text).toContain("data: [DONE]");
    const body = proxy.calls[0].response.body as { choices: { message: { content: string } }[] };
    expect(body.choices[0].message.content).toBe("Working it out. ANSWER: 42");
    expect(proxy.calls[0].tokens?.output).toBeGreaterThan(0);
  });

  it("replay: answers from the recording, applies replace/drop, and goes upstream after a divergence", async () => {
    const fake = await startFakeLlm();
    closers.push(() => fake.close());
    const first = await proxyFor(fake);
    await chat(first.base, ask("You are the planner.", "6 times 7"));
    await chat(first.base, ask("You are the solver.", "multiply 6 by 7"));
    await chat(first.base, ask("You are the reviewer.", "ANSWER: 42"));
    const recording = {
      format: RECORDING_FORMAT,
      id: "r",
      agents: new AgentNamer().agents(),
      calls: first.proxy.calls,
    } as unknown as Recording;
    const before = fake.requests.length;

    // Replace the solver's answer: the planner comes from the recording, the reviewer's question
    // is new, so it diverges and goes upstream.
    const plan = new ReplayPlan(recording, [{ agent: "solver", mode: "replace", output: "ANSWER: 41" }]);
    const second = await proxyFor(fake, { plan });
    const planner = await (await chat(second.base, ask("You are the planner.", "6 times 7"))).json();
    const solver = await (
      await chat(second.base, { ...ask("You are the solver.", "multiply 6 by 7"), stream: true })
    ).text();
    await chat(second.base, ask("You are the reviewer.", "ANSWER: 41"));
    expect(planner.choices[0].message.content).toBe("Instruction: multiply 6 by 7.");
    expect(solver).toContain("ANSWER: 41");
    expect(second.proxy.calls.map((c) => c.source)).toEqual(["recording", "replace", "upstream"]);
    expect(second.proxy.divergence).toMatchObject({ agent: "reviewer", index: 2 });
    expect(fake.requests.length - before).toBe(1);

    // A call answered with JSON then is answered with JSON again, even if the request now asks for a stream.
    const same = await proxyFor(fake, { plan: new ReplayPlan(recording, []) });
    const again = await chat(same.base, { ...ask("You are the planner.", "6 times 7"), stream: true });
    expect(again.headers.get("content-type")).toContain("application/json");
    expect(same.proxy.calls[0].source).toBe("recording");

    const dropped = new ReplayPlan(recording, [{ agent: "planner", mode: "drop" }]);
    const third = await proxyFor(fake, { plan: dropped });
    const empty = await (await chat(third.base, ask("You are the planner.", "6 times 7"))).json();
    expect(empty.choices[0].message.content).toBe("");
  });

  it("refuses upstream calls beyond the budget with a non-retryable 429", async () => {
    const fake = await startFakeLlm();
    closers.push(() => fake.close());
    const budget = new UpstreamBudget({ maxCalls: 1 });
    const { proxy, base } = await proxyFor(fake, { budget });
    expect((await chat(base, ask("You are the planner.", "6 times 7"))).status).toBe(200);
    const refused = await chat(base, ask("You are the planner.", "6 times 7"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-should-retry")).toBe("false");
    expect(fake.requests).toHaveLength(1);
    expect(proxy.budgetExhausted).toMatch(/call budget \(1\)/);
  });

  it("Anthropic messages: forwards x-api-key, passes the stream through and records the assembled message", async () => {
    const { default: http } = await import("node:http");
    const seen: { path?: string; key?: string } = {};
    const upstream = http.createServer((req, res) => {
      seen.path = req.url;
      seen.key = req.headers["x-api-key"] as string;
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        const ev = (type: string, data: object) =>
          res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
        ev("message_start", {
          message: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: "claude-x",
            content: [],
            usage: { input_tokens: 12, output_tokens: 0 },
          },
        });
        ev("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
        ev("content_block_delta", { index: 0, delta: { type: "text_delta", text: "Hello " } });
        ev("content_block_delta", { index: 0, delta: { type: "text_delta", text: "there" } });
        ev("content_block_stop", { index: 0 });
        ev("message_delta", { delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } });
        ev("message_stop", {});
        res.end();
      });
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    closers.push(() => new Promise((r) => upstream.close(() => r())));
    const url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
    const proxy = new LlmProxy({
      upstream: { openai: url, anthropic: url },
      namer: new AgentNamer(),
      budget: new UpstreamBudget(),
      spanSeed: "a",
      upstreamTimeoutMs: 10_000,
    });
    const base = await proxy.listen();
    closers.push(() => proxy.close());
    const res = await fetch(`${base}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "sk-ant-secret", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({
        model: "claude-x",
        system: "You are the critic.",
        stream: true,
        max_tokens: 10,
        messages: [{ role: "user", content: "hi" }],
      }),
    });
    expect(await res.text()).toContain("text_delta");
    expect(seen).toEqual({ path: "/v1/messages", key: "sk-ant-secret" });
    const call = proxy.calls[0];
    expect(call).toMatchObject({
      agent: "critic",
      api: "anthropic.messages",
      tokens: { input: 12, output: 2, total: 14 },
    });
    expect(call.response.body?.content).toEqual([{ type: "text", text: "Hello there" }]);
    expect(JSON.stringify(call)).not.toContain("sk-ant-secret");
  });

  it("listens on loopback only", async () => {
    const fake = await startFakeLlm();
    closers.push(() => fake.close());
    const { base } = await proxyFor(fake);
    expect(new URL(base).hostname).toBe("127.0.0.1");
  });
});

describe("startCommand", () => {
  it("kills the whole process group when the run times out", async () => {
    const dir = mkdtempSync(join(tmpdir(), "culprit-kill-"));
    const pidFile = join(dir, "pid");
    const run = startCommand(["/bin/sh", "-c", `sleep 30 & echo $! > ${pidFile}; wait`], {
      env: process.env,
      timeoutMs: 500,
      stdio: "capture",
    });
    const result = await run.done;
    expect(result.timedOut).toBe(true);
    expect(existsSync(pidFile)).toBe(true);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    await new Promise((r) => setTimeout(r, 300));
    // Gone, or a zombie waiting for init to reap it: either way no longer running.
    const stat = existsSync(`/proc/${grandchild}/stat`) ? readFileSync(`/proc/${grandchild}/stat`, "utf8") : "";
    expect(stat === "" || / Z /.test(stat)).toBe(true);
  });
});

describe("shortPromptName", () => {
  it("takes the role from the first clause of the first line", async () => {
    const { shortPromptName } = await import("./agent-identity");
    expect(shortPromptName("You are the planner of a team that computes sums of squares. Split…")).toBe("planner");
    expect(shortPromptName("You are worker_2. Compute the sum…")).toBe("worker_2");
    expect(shortPromptName("You are a helpful assistant that writes SQL.")).toBe("helpful_assistant");
    expect(shortPromptName("Summarize the findings\nin bullet points")).toBe("summarize_the_findings");
    expect(shortPromptName("   ")).toBe("agent");
  });

  it("two prompts with the same opening are named by the role they state", () => {
    const namer = new AgentNamer();
    const api = { systemPrompt: (b: Record<string, unknown>) => String(b.s) } as never;
    const name = (s: string) => namer.nameOf(agentKeyOf(undefined, { s }, api));
    expect(name("You are an agent in a team. Your role: planner.")).toBe("agent");
    expect(name("You are an agent in a team. Your role: critic.")).toBe("critic");
    expect(name("You are an agent in a team. Be nice.")).toBe("agent_2");
  });
});
