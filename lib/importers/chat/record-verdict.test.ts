/**
 * A chat record that carries its evaluation's verdict (AutoGen's MathChat / AgentEval records:
 * `is_correct`, `correct_ans`) imports with that outcome and expected answer; a chat log without them
 * stays of unknown outcome. Real records from AutoGen's AgentEval tests (fixtures/SOURCE.md).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importTrace } from "../index";
import { recordVerdict } from "./record-verdict";

const fixture = (name: string) => readFileSync(`lib/importers/fixtures/${name}`, "utf8");

describe("an evaluated chat record", () => {
  it("imports with the harness's verdict and the expected answer", () => {
    const failed = importTrace(fixture("agenteval-math-response-failed.json"), { fileName: "failed.json" }).trace;
    expect(failed.run.outcome).toBe("failure");
    expect(failed.run.groundTruth).toBe("(-\\infty, -14)\\cup(-3,\\infty)");
    const passed = importTrace(fixture("agenteval-math-response-successful.json"), { fileName: "ok.json" }).trace;
    expect(passed.run.outcome).toBe("success");
  });

  it("near miss: an AG2 log with the verdict too, and a log with none stays unknown", () => {
    const log = {
      messages: [
        { name: "user_proxy", role: "user", content: "What is 6 * 7?" },
        { name: "assistant", role: "assistant", content: "It is 42." },
      ],
    };
    const ag2 = (extra: object) => importTrace(JSON.stringify({ ...log, ...extra }), { fileName: "log.json" }).trace;
    expect(ag2({ is_correct: false, correct_ans: 42 }).run).toMatchObject({ outcome: "failure", groundTruth: "42" });
    expect(ag2({}).run.outcome).toBe("unknown");
    expect(recordVerdict({ is_correct: "maybe" })).toEqual({ outcome: "unknown" });
  });
});
