/**
 * A fake OpenAI-compatible LLM on loopback for the record/replay tests: deterministic answers for
 * the three agents of `test-programs/` (told apart by their system prompts, as a real model would
 * see them), chat completions streamed or not, the Responses API, and one agent that errs on its
 * first call (or on a seeded share of its calls). It keeps the Authorization header of every
 * request so tests can check the key reached the upstream.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeAgent = "planner" | "solver" | "reviewer";

export interface FakeLlmOptions {
  /** This agent answers wrongly on its first call (in the server's lifetime). */
  errAgent?: FakeAgent;
  /** Besides the first call, it errs on this share of later calls (seeded, so reproducible). */
  errRate?: number;
  seed?: number;
  /** How the agent errs: a wrong answer (default) or an HTTP 500 the program cannot recover from. */
  errAs?: "answer" | "http";
}

export interface FakeLlm {
  /** API root with /v1, as OPENAI_BASE_URL expects. */
  url: string;
  requests: { agent: FakeAgent | "unknown"; path: string; stream: boolean; authorization?: string; erred: boolean }[];
  close(): Promise<void>;
}

function agentOf(system: string): FakeAgent | "unknown" {
  if (/planner/i.test(system)) return "planner";
  if (/solver/i.test(system)) return "solver";
  if (/reviewer/i.test(system)) return "reviewer";
  return "unknown";
}

function answer(agent: FakeAgent | "unknown", user: string, err: boolean): string {
  if (agent === "planner") {
    const m = /(\d+)\s*times\s*(\d+)/.exec(user);
    const [a, b] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
    return `Instruction: multiply ${a} by ${err ? b + 1 : b}.`;
  }
  if (agent === "solver") {
    const m = /multiply (\d+) by (\d+)/.exec(user);
    const p = m ? Number(m[1]) * Number(m[2]) : 0;
    return `Working it out. ANSWER: ${err ? p + 1 : p}`;
  }
  if (agent === "reviewer") {
    const m = /ANSWER:\s*(\d+)/.exec(user);
    const n = m ? Number(m[1]) : 0;
    return `FINAL: ${err ? n * 10 : n}`;
  }
  return "I do not know who I am.";
}

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const requests: FakeLlm["requests"] = [];
  const seen = new Map<string, number>();
  let state = (options.seed ?? 1) >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const responses = path.endsWith("/responses");
      const messages = (body.messages ?? []) as { role: string; content: string }[];
      const system = responses
        ? String(body.instructions ?? "")
        : (messages.find((m) => m.role === "system")?.content ?? "");
      const user = responses
        ? String(body.input ?? "")
        : messages
            .filter((m) => m.role === "user")
            .map((m) => m.content)
            .join("\n");
      const agent = agentOf(system);
      const n = seen.get(agent) ?? 0;
      seen.set(agent, n + 1);
      const erred = agent === options.errAgent && (n === 0 || random() < (options.errRate ?? 0));
      if (erred && options.errAs === "http") {
        requests.push({ agent, path, stream: body.stream === true, authorization: req.headers.authorization, erred });
        res.writeHead(500, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ error: { message: "The model crashed.", type: "server_error" } }));
      }
      const text = answer(agent, user, erred);
      const stream = body.stream === true;
      requests.push({ agent, path, stream, authorization: req.headers.authorization, erred });
      const usage = {
        prompt_tokens: 10 + user.length,
        completion_tokens: text.length,
        total_tokens: 10 + user.length + text.length,
      };
      if (responses) {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(
          JSON.stringify({
            id: `resp_${requests.length}`,
            object: "response",
            status: "completed",
            model: "fake-1",
            output: [
              {
                type: "message",
                id: `msg_${requests.length}`,
                role: "assistant",
                content: [{ type: "output_text", text, annotations: [] }],
              },
            ],
            usage: {
              input_tokens: usage.prompt_tokens,
              output_tokens: usage.completion_tokens,
              total_tokens: usage.total_tokens,
            },
          }),
        );
      }
      const id = `chatcmpl-${requests.length}`;
      if (!stream) {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(
          JSON.stringify({
            id,
            object: "chat.completion",
            created: 1,
            model: "fake-1",
            choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
            usage,
          }),
        );
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      const base = { id, object: "chat.completion.chunk", created: 1, model: "fake-1" };
      // Several small chunks, as a real model streams tokens.
      for (const piece of text.match(/.{1,5}/gs) ?? [])
        res.write(
          `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
      res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
      if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage)
        res.write(`data: ${JSON.stringify({ ...base, choices: [], usage })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
