/**
 * The reference multi-agent system in LLM mode: the same task as demo-mas (the sum of the squares
 * of 1..12, split by a planner over workers, added by an aggregator, checked by a verifier), but
 * every agent is an LLM call to an OpenAI-compatible endpoint (`OPENAI_BASE_URL`, `OPENAI_API_KEY`,
 * `DEMO_MAS_MODEL`). Works against a real model or the deterministic reference model
 * (`npm run demo:llm`). Exit code 0 when the released answer is right, 1 when it is wrong.
 *
 *   npx culprit record --upstream http://127.0.0.1:4330/v1 -- npx tsx demo-mas/llm/agents.ts
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { groundTruth, workerNames, DEFAULT_TASK, type Task } from "../task";
import { AGGREGATOR_PROMPT, PLANNER_PROMPT, VERIFIER_PROMPT, workerPrompt } from "./prompts";

const MODEL = process.env.DEMO_MAS_MODEL ?? "gpt-4o-mini";
/** The API root: `OPENAI_BASE_URL` when run as a program; demo-mas's server passes its own proxy's. */
const DEFAULT_BASE = process.env.OPENAI_BASE_URL ?? "https://api.openai.com/v1";

async function chat(base: string, system: string, user: string, stream = false): Promise<string> {
  const res = await fetch(`${base}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${process.env.OPENAI_API_KEY ?? ""}` },
    body: JSON.stringify({
      model: MODEL,
      temperature: 0,
      stream,
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
    }),
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`LLM call failed: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  if (!stream)
    return (
      ((await res.json()) as { choices: { message: { content: string | null } }[] }).choices[0]?.message.content ?? ""
    );
  let text = "";
  for (const line of (await res.text()).split("\n")) {
    if (!line.startsWith("data: ") || line.trim() === "data: [DONE]") continue;
    text +=
      (JSON.parse(line.slice(6)) as { choices: { delta?: { content?: string } }[] }).choices[0]?.delta?.content ?? "";
  }
  return text;
}

/** The number an answer ends with ("The sum of the squares of 1, 2 is 5." → 5). */
const lastNumber = (text: string) => Number(/(-?\d+)\D*$/.exec(text.replace(/(\d),(\d{3})/g, "$1$2"))?.[1] ?? NaN);

/**
 * Agents pass on each other's whole replies, as chat-based systems do: the workers see the plan,
 * the aggregator the workers' replies, the verifier those and the aggregator's.
 */
export async function runLlmMas(
  task: Task = DEFAULT_TASK,
  baseUrl = DEFAULT_BASE,
): Promise<{ answer: number | null; correct: boolean }> {
  const base = baseUrl.replace(/\/+$/, "");
  const workers = workerNames(task);
  const plan = await chat(base, PLANNER_PROMPT, `Numbers: ${task.numbers.join(", ")}. Workers: ${workers.length}.`);
  const replies: string[] = [];
  for (const [k, w] of workers.entries())
    replies.push(
      `${w}: ${await chat(base, workerPrompt(w), `Plan: ${plan}\nTake chunk ${k + 1} of ${workers.length}.`)}`,
    );
  const aggregate = await chat(base, AGGREGATOR_PROMPT, replies.join("\n"), true);
  const verdict = await chat(base, VERIFIER_PROMPT, `${replies.join("\n")}\naggregator: ${aggregate}`);
  const total = lastNumber(aggregate);
  const answer = /^\s*APPROVED/i.test(verdict) && Number.isFinite(total) ? total : null;
  return { answer, correct: answer === groundTruth(task) };
}

/** True when this module is the program node was started with (by tsx, or bundled into one file). */
function isMainModule(): boolean {
  try {
    return Boolean(process.argv[1]) && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

// Run as a program (not when imported by a test).
if (isMainModule()) {
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
