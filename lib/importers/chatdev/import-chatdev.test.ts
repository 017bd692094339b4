/**
 * ChatDev 1.0 `.log` files (ADR 0117), on three real logs from ChatDev's `WareHouse/` (sources in
 * `lib/importers/fixtures/SOURCE.md`): a 2024 log (newest layout, no task record), an October 2023
 * log with failing test reports, and a June 2023 log in the layout before `[Start Chat]`.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../../attribution/index";
import { importTraces } from "../index";
import { TraceInputError } from "../../trace/errors";
import type { TTrace } from "../../trace/schema";
import { buildGraph } from "../../attribution/build-graph";
import { DEFAULT_CONFIG } from "../../attribution/config";
import { callerOf } from "../../attribution/detectors/patterns";
import { countChatDevSteps, readChatDevLog } from "./read-chatdev-log";
import { CHATDEV_HARNESS, CHATDEV_HUMAN, CHATDEV_SHELL } from "./import-chatdev";
import { SOFTWARE_RAN } from "./test-report";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "..", "fixtures", name), "utf8");
const CAR = "chatdev-car-game-2024.log";
const RPG = "chatdev-rpg-test-failures.log";
const GOMOKU = "chatdev-gomoku-2023-06.log";

function one(text: string, format?: "chatdev" | "ag2") {
  const results = importTraces(text, { fileName: "run.log", format });
  expect(results).toHaveLength(1);
  return results[0];
}

function inputErrorOf(f: () => unknown): TraceInputError {
  try {
    f();
  } catch (err) {
    if (err instanceof TraceInputError) return err;
    throw err;
  }
  throw new Error("expected a TraceInputError");
}

const agentOf = (trace: TTrace, name: string) => trace.agents.find((a) => a.name === name);
/** Lines of the text up to (not including) the first line that starts with `marker` after `from`. */
function cutBefore(text: string, from: string, marker: string): string {
  const at = text.indexOf(marker, text.indexOf(from) + from.length);
  return at < 0 ? text : text.slice(0, at);
}

describe("a ChatDev log of 2024 (newest layout)", () => {
  const { format, trace } = one(fixture(CAR));

  it("is recognised and mapped to the roles, the framework and the shell", () => {
    expect(format).toBe("chatdev");
    expect(trace.run).toMatchObject({ system: "chatdev", sourceFormat: "chatdev", outcome: "unknown" });
    // No `task_prompt` record in this layout: the task the first phase prompt quotes.
    expect(trace.run.task).toBe("仔细开发一个赛车小游戏");
    expect(trace.agents.map((a) => a.name)).toEqual([CHATDEV_HARNESS, "Programmer", "Code Reviewer", CHATDEV_SHELL]);
    expect(agentOf(trace, CHATDEV_HARNESS)?.kind).toBe("task_giver");
    expect(agentOf(trace, "Programmer")?.kind).toBeUndefined();
    expect(trace.steps.map((s) => s.agent)).toEqual([
      CHATDEV_HARNESS,
      "Programmer",
      CHATDEV_HARNESS,
      "Code Reviewer",
      CHATDEV_HARNESS,
      "Programmer",
      CHATDEV_HARNESS,
      "Code Reviewer",
      CHATDEV_HARNESS,
      "Programmer",
      CHATDEV_SHELL,
    ]);
    expect(trace.warnings).toEqual([]);
  });

  it("reads a phase prompt as the framework's, sent in the user role's name, without the bracketed system prompt", () => {
    const [prompt, reply] = trace.steps;
    expect(prompt.kind).toBe("message");
    expect(prompt.content.startsWith("According to the new user's task and our software designs listed below")).toBe(
      true,
    );
    expect(prompt.content).not.toContain("ChatDev is a virtual LLM Agent software company");
    expect(prompt.attributes).toMatchObject({ sent_as: "Chief Technology Officer", addressee: "Programmer" });
    expect(prompt.attributes?.phase).toBe("Coding");
    expect(String(prompt.attributes?.addressee_system_prompt)).toMatch(
      /^ChatDev is a virtual LLM Agent .*You are Programmer\./s,
    );
    // The reply is the Programmer's own words; the bracket before it is the CTO's system prompt.
    expect(reply).toMatchObject({ agent: "Programmer", kind: "message", name: "Coding, turn 0" });
    expect(reply.content.startsWith("I'll help create a simple racing game")).toBe(true);
    expect(reply.attributes).toMatchObject({ phase: "Coding", turn: 0, addressee: "Chief Technology Officer" });
    expect(String(reply.attributes?.addressee_system_prompt)).toContain("You are Chief Technology Officer.");
  });

  it("reads the test report as the shell's tool result, ok on ChatDev's success sentence", () => {
    const report = trace.steps.at(-1);
    expect(report).toMatchObject({
      agent: CHATDEV_SHELL,
      kind: "tool_result",
      status: "ok",
      content: SOFTWARE_RAN,
      tool: { name: "code_execution" },
    });
  });

  it("keeps timestamps, usage, costs and ChatDev's records out of the content", () => {
    const header = /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [A-Z]+\]/m;
    for (const t of [trace, one(fixture(RPG)).trace, one(fixture(GOMOKU)).trace])
      for (const s of t.steps) {
        expect(s.content, s.id).not.toMatch(header);
        for (const meta of ["flask app.py did not start", "prompt_tokens:", "**cost**", "**[Seminar Conclusion]**"])
          expect(s.content, s.id).not.toContain(meta);
        expect(s.attributes?.logged_at, s.id).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      }
    // ChatDev's records ride along on the next step; the client's chatter is counted.
    expect(String((trace.steps[2].attributes?.logged_before as string[])[0])).toMatch(
      /^\*\*\[Seminar Conclusion\]\*\*/,
    );
    expect(trace.run.attributes?.chatdev_entries_counted).toMatchObject({ "visualizer notice": expect.any(Number) });
  });

  it("reads the same text to the same bytes", () => {
    expect(JSON.stringify(one(fixture(CAR)).trace)).toBe(JSON.stringify(trace));
  });
});

describe("a ChatDev log with failing test reports (October 2023)", () => {
  const { trace } = one(fixture(RPG));
  const reports = trace.steps.filter((s) => s.agent === CHATDEV_SHELL);

  it("reads the task, the project, the cost and every role", () => {
    expect(trace.run).toMatchObject({ title: "RPG_V1", task: "帮我写一个2D横版射击RPG游戏", costUsd: 0.042804 });
    expect(new Set(trace.steps.map((s) => s.agent))).toEqual(
      new Set([
        CHATDEV_HARNESS,
        "Chief Product Officer",
        "Chief Technology Officer",
        "Programmer",
        "Code Reviewer",
        CHATDEV_SHELL,
        "Chief Executive Officer",
      ]),
    );
    // Every phase prompt was sent in the name of the user role of the replies that follow it.
    trace.steps.forEach((s, i) => {
      const next = trace.steps[i + 1];
      if (s.agent === CHATDEV_HARNESS && next?.attributes?.addressee !== undefined)
        expect(next.attributes.addressee, s.id).toBe(s.attributes?.sent_as);
    });
  });

  it("gives each report ChatDev's status: tracebacks fail, the success sentence passes", () => {
    expect(reports.map((s) => [s.status, s.attributes?.test_verdict])).toEqual([
      ["error", "crashed"],
      ["error", "crashed"],
      ["ok", "ran"],
    ]);
    expect(reports[0].content).toMatch(/^Traceback \(most recent call last\):/);
  });

  it("lets the engine trace a failed report back to the Programmer's code it ran", () => {
    const g = buildGraph(trace, DEFAULT_CONFIG);
    const failed = g.steps.findIndex((s) => s.id === reports[0].id);
    const caller = g.steps[callerOf(g, failed)];
    expect(caller.agent).toBe("Programmer");
    expect(caller.content).toContain("```");
    // Past a review that holds no code: the shell runs the latest code, not the turn right before it.
    const text = fixture(RPG);
    const at = text.lastIndexOf("\n", text.indexOf("**[Test Reports]**")) + 1;
    const review =
      "[2023-26-10 17:58:00 INFO] Code Reviewer: **Code Reviewer<->Programmer on : CodeReviewComment, turn 0**\n\n[You are Code Reviewer.]\n\n<INFO> Finished.\n\n";
    const reviewed = one(text.slice(0, at) + review + text.slice(at)).trace;
    const g2 = buildGraph(reviewed, DEFAULT_CONFIG);
    const report = g2.steps.findIndex((s) => s.agent === CHATDEV_SHELL);
    expect(g2.steps[report - 1].agent).toBe("Code Reviewer");
    expect(g2.steps[callerOf(g2, report)].agent).toBe("Programmer");
  });

  it("as a failed run, is blamed on the Programmer's code, not on the manual's download link or a phase prompt", () => {
    const report = analyzeTrace({ ...trace, run: { ...trace.run, outcome: "failure" } });
    expect(report.decisive?.agent).toBe("Programmer");
    expect(report.claims?.filter((c) => c.value.startsWith("u:python.org"))).toEqual([]);
    expect(report.claims?.filter((c) => c.agent === CHATDEV_HARNESS)).toEqual([]);
  });

  it("keeps the outcome unknown: the last report passed", () => {
    expect(trace.run.outcome).toBe("unknown");
    expect(trace.run.attributes?.chatdev_last_test).toEqual({ verdict: "ran", code_changed_after: false });
  });

  it("states a failure only when the last report crashed and no code changed after it", () => {
    const text = fixture(RPG);
    // The log as it would end right after its first failing report.
    const stopped = cutBefore(text, "**[Test Reports]**", "\n[2023-26-10");
    expect(one(stopped).trace.run.outcome).toBe("failure");
    const changed = `${stopped}\n[2023-26-10 17:59:00 INFO] **[Update Codes]**\n\nmain.py updated.\n`;
    expect(one(changed).trace.run.outcome).toBe("unknown");
    // ChatDev's own exception: the program never ran, so the report says nothing of it.
    const at = stopped.lastIndexOf("**[Test Reports]**:");
    const notRun = `${stopped.slice(0, at)}**[Test Reports]**:\n\nAn error occurred: module 'os' has no attribute 'setsid'\n`;
    const report = one(notRun).trace.steps.at(-1);
    expect(report).toMatchObject({ status: "unset", attributes: { test_verdict: "not_run" } });
    expect(one(notRun).trace.run.outcome).toBe("unknown");
    // Nor is it a failure of the code it would have run: no tool failure charged to anyone.
    const failed = analyzeTrace({ ...one(notRun).trace, run: { ...one(notRun).trace.run, outcome: "failure" } });
    const charged = failed.steps.flatMap((s) =>
      s.detectors.filter((d) => d.name === "tool-failure" && d.evidence.stepIds.includes(report?.id ?? "")),
    );
    expect(charged).toEqual([]);
  });
});

describe("a ChatDev log of June 2023 (before `[Start Chat]`)", () => {
  const { format, trace } = one(fixture(GOMOKU));

  it("reads the numbered `AI Assistant (Role)` replies as the roles' messages", () => {
    expect(format).toBe("chatdev");
    expect(trace.steps).toHaveLength(20);
    expect(trace.steps[0]).toMatchObject({ agent: "Chief Product Officer", content: "<INFO> GUI Application." });
    expect(trace.steps[6]).toMatchObject({ agent: "Chief Human Resource Officer", attributes: { turn: 1 } });
    // "terminated the chat." lines and the start/end records are ChatDev's, not steps.
    expect(trace.steps.some((s) => s.content.includes("terminated the chat"))).toBe(false);
    expect(trace.warnings).toEqual([]);
  });
});

describe("entries that are neither replies nor prompts", () => {
  const car = fixture(CAR);
  const firstReply = car.indexOf("[2024-21-12 13:18:32 INFO] Programmer:");

  it("reads the human's feedback as the Human task giver's message", () => {
    const comments =
      "[2024-21-12 13:18:31 INFO] **[User Provided Comments]**\n\n In the #1 of total 5 comments: \n\nPlease add a restart button.\n\n";
    const { trace } = one(car.slice(0, firstReply) + comments + car.slice(firstReply));
    const step = trace.steps.find((s) => s.agent === CHATDEV_HUMAN);
    expect(step).toMatchObject({ kind: "message", content: "Please add a restart button." });
    expect(step?.attributes?.feedback_round).toBe("In the #1 of total 5 comments:");
    expect(agentOf(trace, CHATDEV_HUMAN)?.kind).toBe("task_giver");
  });

  it("keeps an entry of no kind ChatDev writes and names its line in a warning", () => {
    const odd = "[2024-21-12 13:18:31 INFO] something else entirely\n";
    const text = car.slice(0, firstReply) + odd + car.slice(firstReply);
    const line = text.slice(0, text.indexOf(odd)).split("\n").length;
    const { trace } = one(text);
    expect(trace.warnings.join("\n")).toContain(`1 log entry of no kind ChatDev writes (line ${line})`);
    expect(trace.steps[1].attributes?.logged_before).toContain("something else entirely");
  });

  it("reads a reply logged without a phase header for a role the config table declared", () => {
    const text = [
      "[2023-22-08 14:46:15 INFO] System: **[RolePlaying]**",
      "",
      "| Parameter | Value |",
      "| --- | --- |",
      "| **assistant_role_name** | Prompt Engineer |",
      "| **user_role_name** | User |",
      "",
      "[2023-22-08 14:46:15 INFO] User: **[Start Chat]**",
      "",
      "[You are an professional prompt engineer.]",
      "",
      'here is the short description:"Design a simple 2048 game".',
      "",
      "[2023-22-08 14:46:22 INFO] Prompt Engineer: <INFO> Design a simple 2048 game with a 10x10 grid.",
      "",
    ].join("\n");
    const { trace } = one(text);
    expect(trace.steps.map((s) => [s.agent, s.content])).toEqual([
      [CHATDEV_HARNESS, 'here is the short description:"Design a simple 2048 game".'],
      ["Prompt Engineer", "<INFO> Design a simple 2048 game with a 10x10 grid."],
    ]);
    expect(trace.steps[0].attributes?.addressee_system_prompt).toBe("You are an professional prompt engineer.");
  });

  it("reads a system prompt with brackets inside, and warns on one that never closes", () => {
    const log = (body: string) =>
      `[2023-22-08 14:46:15 INFO] Chief Executive Officer: **[Start Chat]**\n\n${body}\n\n[2023-22-08 14:46:16 INFO] **[Seminar Conclusion]**:\n\n x\n`;
    const nested = one(log("[You are CEO [of ChatDev].\nTask: [x]]\n\nDecide the modality.")).trace;
    expect(nested.steps[0].content).toBe("Decide the modality.");
    expect(nested.steps[0].attributes?.addressee_system_prompt).toBe("You are CEO [of ChatDev].\nTask: [x]");
    const unbalanced = one(log("[Task: [x\nmore]\n\nDecide.")).trace;
    expect(unbalanced.steps[0].content).toBe("Decide.");
    const unclosed = one(log("[Task: x\n\nDecide.")).trace;
    expect(unclosed.steps[0].content).toBe("[Task: x\n\nDecide.");
    expect(unclosed.warnings.join("\n")).toMatch(/1 ChatDev utterance\(s\) \(line 1\) open a bracketed system prompt/);
  });
});

describe("what is not a ChatDev log", () => {
  it("leaves other text to the other readers and names the ChatDev log in the JSON error", () => {
    for (const text of [
      "[2023-09-18 11:05:21 INFO] ChatDev Starts",
      "[2023-09-18 11:05:21 INFO] Programmer: hello",
      "x\n[2023-22-08 14:46:15 INFO] Chief Executive Officer: **[Start Chat]**\n\nhi\n",
    ]) {
      const err = inputErrorOf(() => importTraces(text));
      expect(err.code, text).toBe("malformed_json");
      expect(err.message).toMatch(/nor a ChatDev log/);
    }
    expect(readChatDevLog("[1, 2, 3]")).toBeUndefined();
    expect(one(JSON.stringify([{ role: "user", content: "[Start Chat]" }])).format).not.toBe("chatdev");
  });

  it("a forced format refuses what it cannot read", () => {
    const err = inputErrorOf(() => importTraces(JSON.stringify({ messages: [] }), { format: "chatdev" }));
    expect(err.code).toBe("schema");
    expect(err.message).toMatch(/Not a ChatDev log/);
    expect(inputErrorOf(() => one(fixture(CAR), "ag2")).message).toMatch(/Not an AG2 chat log/);
    expect(one(fixture(CAR), "chatdev").format).toBe("chatdev");
  });
});

describe("bounds", () => {
  const text = fixture(RPG);

  it("refuses a log past its character or step bound before mapping it", () => {
    expect(inputErrorOf(() => readChatDevLog(text, { maxChars: 1000, maxSteps: 100 })).code).toBe("too_large");
    const err = inputErrorOf(() => readChatDevLog(text, { maxChars: text.length, maxSteps: 10 }));
    expect(err.code).toBe("too_large");
    expect(err.message).toMatch(/more than 10 utterances/);
    expect(readChatDevLog("no log at all", { maxChars: 5, maxSteps: 1 })).toBeUndefined();
  });

  it("counts the entries that become steps for the sandbox, stopping past the limit", () => {
    expect(countChatDevSteps(text, 1_000)).toBe(one(text).trace.steps.length);
    expect(countChatDevSteps(text, 5)).toBe(6);
    expect(countChatDevSteps("[1, 2]", 5)).toBe(0);
  });
});
