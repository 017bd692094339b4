/**
 * The reference multi-agent system in LLM mode: the same task as demo-mas (the sum of the squares
 * of 1..12, split by a planner over workers, added by an aggregator, checked by a verifier), but
 * every agent is an LLM call to an OpenAI-compatible endpoint (`OPENAI_BASE_URL`, `OPENAI_API_KEY`,
 * `DEMO_MAS_MODEL`). Works against a real model or the deterministic reference model
 * (`npm run demo:llm`). Exit code 0 when the released answer is right, 1 when it is wrong.
 *
 *   npx culprit record --upstream http://127.0.0.1:4330/v1 -- npx tsx demo-mas/llm/agents.ts
 */
import { groundTruth, workerNames, DEFAULT_TASK, type Task } from "../task";
import { AGGREGATOR_PROMPT, PLANNER_PROMPT, VERIFIER_PROMPT, workerPrompt } from "./prompts";

const BASE = (process.env.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, "");
const MODEL = process.env.DEMO_MAS_MODEL ?? "gpt-4o-mini";

async function chat(system: string, user: string, stream = false): Promise<string> {
  const res = await fetch(`${BASE}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${process.env.OPENAI_API_KEY ?? ""}` },
    body: JSON.stringify({ model: MODEL, temperature: 0, stream, messages: [{ role: "system", content: system }, { role: "user", content: user }] }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`LLM call failed: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  if (!stream) return ((await res.json()) as { choices: { message: { content: string | null } }[] }).choices[0]?.message.content ?? "";
  let text = "";
  for (const line of (await res.text()).split("\n")) {
    if (!line.startsWith("data: ") || line.trim() === "data: [DONE]") continue;
    text += (JSON.parse(line.slice(6)) as { choices: { delta?: { content?: string } }[] }).choices[0]?.delta?.content ?? "";
  }
  return text;
}

const firstNumber = (text: string) => Number(/-?\d+/.exec(text.replace(/,/g, ""))?.[0] ?? NaN);

function parseChunks(text: string, workers: number): number[][] {
  try {
    const v = JSON.parse(/\[[\s\S]*\]/.exec(text)?.[0] ?? "[]") as unknown;
    if (Array.isArray(v) && v.every((c) => Array.isArray(c))) return Array.from({ length: workers }, (_, i) => ((v[i] as unknown[]) ?? []).map(Number));
  } catch {
    // an unreadable plan leaves the workers without numbers
  }
  return Array.from({ length: workers }, () => []);
}

export async function runLlmMas(task: Task = DEFAULT_TASK): Promise<{ answer: number | null; correct: boolean }> {
  const workers = workerNames(task);
  const plan = parseChunks(await chat(PLANNER_PROMPT, `Numbers: ${task.numbers.join(", ")}. Workers: ${workers.length}.`), workers.length);
  const partials: number[] = [];
  for (const [k, w] of workers.entries()) partials.push(firstNumber(await chat(workerPrompt(w), `Numbers: ${plan[k].join(", ")}`)));
  const total = firstNumber(await chat(AGGREGATOR_PROMPT, `Partial sums: ${partials.join(", ")}`, true));
  const verdict = await chat(VERIFIER_PROMPT, `Partial sums: ${partials.join(", ")}. Total: ${total}.`);
  const answer = /^\s*APPROVED/i.test(verdict) && Number.isFinite(total) ? total : null;
  return { answer, correct: answer === groundTruth(task) };
}

// Run as a program (not when imported by a test).
if (process.argv[1] && /agents\.ts$/.test(process.argv[1])) {
  const expected = groundTruth(DEFAULT_TASK);
  runLlmMas()
    .then(({ answer, correct }) => {
      console.log(`final answer: ${answer ?? "none"} (expected ${expected}) → ${correct ? "success" : "failure"}`);
      process.exitCode = correct ? 0 : 1;
    })
    .catch((err) => {
      console.error(`demo-mas llm: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    });
}
