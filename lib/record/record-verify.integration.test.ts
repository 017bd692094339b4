/**
 * End to end, as a user runs it: a multi-agent program in another language (Python, stdlib HTTP)
 * and in Node, agents told apart only by their system prompts, talking to a fake OpenAI-compatible
 * LLM on loopback in which one agent errs on its first call. `culprit record` must produce a
 * recording and a trace that imports with the right agents (and without the API key), and
 * `culprit verify <recording> -- <command>` must confirm the erring agent, for each agent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importTrace } from "../importers/index";
import { runRecord } from "../cli/record";
import { runVerifyRecording } from "../cli/verify-recording";
import { startFakeLlm, type FakeAgent } from "./test-fake-llm";
import type { Recording } from "./recording-format";

const PY = join(import.meta.dirname, "test-programs", "three_agents.py");
const NODE = join(import.meta.dirname, "test-programs", "three-agents.mjs");
const SECRET = "sk-test-DO-NOT-STORE-7f3a9c";
let dir: string;
let savedKey: string | undefined;
/**
 * The Python interpreter `python3` on PATH runs, by its own absolute path. A version manager's
 * `python3` is often a shim (pyenv's is a bash script that forks about 30 processes to find the
 * interpreter: 0.45 CPU-s per run, four times the interpreter's own start), and these tests run the
 * program about 30 times. The program, the interpreter and the process boundary are the same.
 */
let PYTHON: string;

beforeAll(() => {
  PYTHON =
    execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim() || "python3";
  dir = mkdtempSync(join(tmpdir(), "culprit-record-"));
  savedKey = process.env.OPENAI_API_KEY;
  process.env.OPENAI_API_KEY = SECRET; // what the child sends; the proxy forwards it
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (savedKey === undefined) delete process.env.OPENAI_API_KEY;
  else process.env.OPENAI_API_KEY = savedKey;
});

async function cli(run: typeof runRecord, argv: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
  const lines: string[] = [];
  const code = await run(
    argv,
    (l) => lines.push(l),
    () => {},
  );
  return { code, json: JSON.parse(lines.at(-1) ?? "{}") as Record<string, unknown> };
}

async function recordAndVerify(errAgent: FakeAgent, command: string[], label: string) {
  const fake = await startFakeLlm({ errAgent });
  try {
    const out = join(dir, `${label}-${errAgent}`);
    const rec = await cli(runRecord, ["--upstream", fake.url, "--out", out, "--json", "--", ...command]);
    expect(rec.code).toBe(0);
    expect(rec.json.outcome).toBe("failure");
    const recordingText = readFileSync(join(out, "recording.json"), "utf8");
    const traceText = readFileSync(join(out, "trace.otlp.json"), "utf8");
    // The key reached the upstream, and neither file holds it.
    expect(fake.requests.length).toBe(3);
    expect(fake.requests.every((r) => r.authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(recordingText).not.toContain(SECRET);
    expect(traceText).not.toContain(SECRET);
    const recording = JSON.parse(recordingText) as Recording;
    expect(recording.envNames).toContain("OPENAI_API_KEY");
    expect(recording.calls.map((c) => c.agent)).toEqual(["planner", "solver", "reviewer"]);

    const { trace } = importTrace(traceText, { fileName: "trace.otlp.json" });
    expect(trace.run.outcome).toBe("failure");
    expect(trace.agents.map((a) => a.name).sort()).toEqual(["planner", "reviewer", "solver"]);
    expect(trace.steps.map((s) => s.agent)).toEqual(["planner", "solver", "reviewer"]);

    const verify = await cli(runVerifyRecording, [join(out, "recording.json"), "--json", "--", ...command]);
    expect(verify.code).toBe(0);
    expect(verify.json.baseline).toEqual({ outcome: "failure", reproduced: true });
    expect(verify.json.confirmedAgent).toBe(errAgent);
    return { recording, verify: verify.json, fake };
  } finally {
    await fake.close();
  }
}

describe("culprit record + verify through the proxy", { timeout: 240_000 }, () => {
  for (const agent of ["planner", "solver", "reviewer"] as const) {
    it(`Python program: confirms the ${agent} when it errs on its first call`, async () => {
      const { recording, verify } = await recordAndVerify(agent, [PYTHON, PY], "py");
      // The solver streams: the child got the stream, the recording holds it and what it says.
      const solver = recording.calls[1];
      expect(solver.stream).toBe(true);
      expect(solver.response.sse).toContain("data: [DONE]");
      const content = (solver.response.body?.choices as { message: { content: string } }[])[0].message.content;
      expect(content).toMatch(/^Working it out\. ANSWER: \d+$/);
      // The unchanged replay was answered from the recording alone, with no upstream call.
      const replays = verify.proxyReplays as { interventions: unknown[]; fromRecording: number; upstream: number }[];
      expect(replays[0]).toMatchObject({ interventions: [], fromRecording: 3, upstream: 0 });
    });
  }

  it("Node program (chat completions + Responses API): confirms the erring solver", async () => {
    const { recording } = await recordAndVerify("solver", [process.execPath, NODE], "node");
    expect(recording.calls.map((c) => c.api)).toEqual(["openai.chat", "openai.chat", "openai.responses"]);
  });

  it("Python program: confirms the solver when its first call fails with HTTP 500 and the program crashes", async () => {
    const fake = await startFakeLlm({ errAgent: "solver", errAs: "http" });
    try {
      const out = join(dir, "py-http");
      const rec = await cli(runRecord, ["--upstream", fake.url, "--out", out, "--json", "--", PYTHON, PY]);
      expect(rec.json.outcome).toBe("failure");
      const recording = JSON.parse(readFileSync(join(out, "recording.json"), "utf8")) as Recording;
      expect(recording.calls.map((c) => [c.agent, c.response.status])).toEqual([
        ["planner", 200],
        ["solver", 500],
      ]);
      const { trace } = importTrace(readFileSync(join(out, "trace.otlp.json"), "utf8"), {
        fileName: "trace.otlp.json",
      });
      expect(trace.steps.map((s) => s.status)).toEqual(["ok", "error"]);
      const v = await cli(runVerifyRecording, [out, "--json", "--", PYTHON, PY]);
      expect(v.json.baseline).toEqual({ outcome: "failure", reproduced: true });
      expect(v.json.confirmedAgent).toBe("solver");
    } finally {
      await fake.close();
    }
  });

  it("a stochastically erring agent: replays answer the others from the recording, so only it can flip the outcome", async () => {
    // The solver errs on its first call and on half of its later ones (seeded). The model is
    // stochastic, the recording is not: the unchanged replay reproduces the failure, the solver
    // is asked again only when it is intervened on, and no other agent can be blamed for it.
    const fake = await startFakeLlm({ errAgent: "solver", errRate: 0.5, seed: 7 });
    try {
      const out = join(dir, "py-stochastic");
      await cli(runRecord, ["--upstream", fake.url, "--out", out, "--json", "--", PYTHON, PY]);
      const recorded = fake.requests.length;
      const v = await cli(runVerifyRecording, [
        out,
        "--json",
        "--strategy",
        "baseline,sequential,leave-one-out",
        "--",
        PYTHON,
        PY,
      ]);
      expect(v.json.baseline).toEqual({ outcome: "failure", reproduced: true });
      const replays = v.json.proxyReplays as { interventions: { agent: string }[] }[];
      const solverAsked = fake.requests.slice(recorded).filter((r) => r.agent === "solver").length;
      expect(solverAsked).toBe(replays.filter((r) => r.interventions.some((iv) => iv.agent === "solver")).length);
      expect([null, "solver"]).toContain(v.json.confirmedAgent);
      expect((v.json.leaveOneOut as { necessary: string[] }).necessary.filter((a) => a !== "solver")).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it("--check decides the outcome; the upstream budget stops replays that would exceed it", async () => {
    const fake = await startFakeLlm({ errAgent: "reviewer" });
    try {
      const checked = join(dir, "checked");
      const rec = await cli(runRecord, [
        "--upstream",
        fake.url,
        "--out",
        checked,
        "--json",
        "--check",
        "exit 0",
        "--",
        process.execPath,
        NODE,
      ]);
      expect(rec.json.outcome).toBe("success"); // the program exits 1, the check says success
    } finally {
      await fake.close();
    }
    const fresh = await startFakeLlm({ errAgent: "reviewer" }); // its reviewer has not erred yet
    try {
      const out = join(dir, "budget");
      await cli(runRecord, ["--upstream", fresh.url, "--out", out, "--json", "--", process.execPath, NODE]);
      const calls = fresh.requests.length;
      const v = await cli(runVerifyRecording, [
        out,
        "--json",
        "--max-upstream-calls",
        "0",
        "--",
        process.execPath,
        NODE,
      ]);
      expect(v.json.baseline).toEqual({ outcome: "failure", reproduced: true }); // answered from the recording: free
      expect((v.json.incomplete as { reason: string }[])[0].reason).toMatch(/upstream call budget \(0\)/);
      expect(fresh.requests.length).toBe(calls);
    } finally {
      await fresh.close();
    }
  });
});
