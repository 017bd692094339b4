/**
 * A deterministic OpenAI-compatible "model" for the reference system's LLM mode, so record and
 * verify can be tried without an API key: it recognises each agent by its system prompt and
 * answers correctly, except that the agent named by `--err` answers wrongly on its first call
 * (the planner misplaces a number, a worker or the aggregator is off, the verifier flips), and the
 * agent named by `--wrong` answers wrongly on every call until its system prompt asks it to check
 * its work (what `culprit fix` proves: the corrective instruction is the cure).
 * Chat completions, streamed or not.
 *
 *   npm run demo:llm -- [--port 4330] [--err worker_2] [--wrong worker_2]
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReferenceModel {
  url: string;
  calls: number;
  close(): Promise<void>;
}

const ints = (text: string) => (text.match(/-?\d+/g) ?? []).map(Number);

function roleOf(system: string): string {
  if (/You are the planner/.test(system)) return "planner";
  if (/You are the aggregator/.test(system)) return "aggregator";
  if (/You are the verifier/.test(system)) return "verifier";
  return /You are (worker_\d+)/.exec(system)?.[1] ?? "unknown";
}

const lastInt = (line: string) => ints(line).at(-1) ?? 0;

function answer(role: string, user: string, err: boolean): string {
  if (role === "planner") {
    const [numbersText, workersText] = user.split("Workers:");
    const numbers = ints(numbersText);
    const workers = Math.max(1, ints(workersText ?? "1")[0] ?? 1);
    const size = Math.ceil(numbers.length / workers);
    const chunks = Array.from({ length: workers }, (_, i) => numbers.slice(i * size, (i + 1) * size));
    if (err) chunks[chunks.length - 1].push(numbers.length + 1); // an extra number in the last chunk
    return JSON.stringify(chunks);
  }
  if (role.startsWith("worker_")) {
    let chunks: number[][] = [];
    try {
      chunks = JSON.parse(/\[[\s\S]*\]/.exec(user)?.[0] ?? "[]") as number[][];
    } catch {
      // no readable plan: an empty chunk
    }
    const k = (ints(/chunk (\d+)/.exec(user)?.[0] ?? "chunk 1")[0] ?? 1) - 1;
    const chunk = (Array.isArray(chunks[k]) ? chunks[k] : []).map(Number);
    const sum = chunk.reduce((s, x) => s + x * x, 0) + (err ? 7 : 0);
    return `The sum of the squares of ${chunk.join(", ")} is ${sum}.`;
  }
  const lines = user.split("\n");
  const partials = lines.filter((l) => /^worker_\d+:/.test(l)).map(lastInt);
  if (role === "aggregator")
    return `The total of the partial sums is ${partials.reduce((s, x) => s + x, 0) + (err ? 10 : 0)}.`;
  if (role === "verifier") {
    const total = lastInt(lines.find((l) => l.startsWith("aggregator:")) ?? "");
    const ok = partials.reduce((s, x) => s + x, 0) === total;
    return (
      (ok !== err ? "APPROVED" : "REJECTED") +
      (ok ? ": the total is the sum of the partial sums." : ": the total does not match the partial sums.")
    );
  }
  return "I cannot tell which agent I am.";
}

/** A system prompt that asks the agent to check its work (the cure for `--wrong`). */
export const ASKS_TO_CHECK = /\bcheck (your|its|their) (own )?work\b/i;

export async function startReferenceModel(
  options: { port?: number; err?: string; wrong?: string } = {},
): Promise<ReferenceModel> {
  const seen = new Map<string, number>();
  const state = { calls: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: { messages?: { role: string; content: string }[]; stream?: boolean; model?: string };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ error: { message: "body is not JSON" } }));
      }
      if (!req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" });
        return void res.end(JSON.stringify({ error: { message: "only /v1/chat/completions" } }));
      }
      state.calls++;
      const messages = body.messages ?? [];
      const system = messages.find((m) => m.role === "system")?.content ?? "";
      const role = roleOf(system);
      const n = seen.get(role) ?? 0;
      seen.set(role, n + 1);
      const text = answer(
        role,
        messages
          .filter((m) => m.role === "user")
          .map((m) => m.content)
          .join("\n"),
        (role === options.err && n === 0) || (role === options.wrong && !ASKS_TO_CHECK.test(system)),
      );
      const id = `chatcmpl-ref-${state.calls}`;
      const usage = { prompt_tokens: 20, completion_tokens: text.length, total_tokens: 20 + text.length };
      if (!body.stream) {
        res.writeHead(200, { "content-type": "application/json" });
        return void res.end(
          JSON.stringify({
            id,
            object: "chat.completion",
            created: 0,
            model: body.model ?? "reference",
            choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
            usage,
          }),
        );
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      const base = { id, object: "chat.completion.chunk", created: 0, model: body.model ?? "reference" };
      for (const piece of text.match(/.{1,4}/gs) ?? [])
        res.write(
          `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
      res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get calls() {
      return state.calls;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && /reference-model\.ts$/.test(process.argv[1])) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const port = Number(arg("port") ?? process.env.DEMO_LLM_PORT ?? 4330);
  const model = await startReferenceModel({ port, err: arg("err"), wrong: arg("wrong") });
  const errs = [
    arg("err") && `${arg("err")} errs on its first call`,
    arg("wrong") && `${arg("wrong")} is wrong until asked to check its work`,
  ];
  console.log(`reference model on ${model.url}${errs.some(Boolean) ? ` (${errs.filter(Boolean).join("; ")})` : ""}`);
  console.log(`  npx culprit record --upstream ${model.url} --out rec -- npx tsx demo-mas/llm/agents.ts`);
}
