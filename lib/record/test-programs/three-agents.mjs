// The same three-agent pipeline as three_agents.py, in Node with fetch; the reviewer speaks the
// OpenAI Responses API. Exit code 0 when the final answer is right.
const BASE = (process.env.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/+$/, "");
const headers = { "content-type": "application/json", authorization: `Bearer ${process.env.OPENAI_API_KEY ?? ""}` };

const PLANNER = "You are the planner. Turn the task into one instruction of the form 'multiply A by B'.";
const SOLVER = "You are the solver. Carry out the instruction and answer 'ANSWER: <number>'.";
const REVIEWER = "You are the reviewer. Check the proposed answer and state 'FINAL: <number>'.";

async function chat(system, user) {
  const r = await fetch(`${BASE}/chat/completions`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      model: "fake-1",
      messages: [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
    }),
  });
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  return (await r.json()).choices[0].message.content;
}

async function respond(instructions, input) {
  const r = await fetch(`${BASE}/responses`, {
    method: "POST",
    headers,
    body: JSON.stringify({ model: "fake-1", instructions, input }),
  });
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  const body = await r.json();
  return body.output
    .flatMap((o) => o.content ?? [])
    .map((c) => c.text ?? "")
    .join("");
}

const task = "What is 6 times 7?";
const plan = await chat(PLANNER, task);
const answer = await chat(SOLVER, plan);
const final = await respond(REVIEWER, `Task: ${task}\nProposed: ${answer}`);
console.log(final);
process.exit(final.trim() === "FINAL: 42" ? 0 : 1);
