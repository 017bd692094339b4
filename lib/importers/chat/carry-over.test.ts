/**
 * A sequential chat's carry-over is the harness's copy of what earlier chats left, appended to the
 * next chat's opening message (carry-over.ts). The printed fixture is a real notebook output
 * (fixtures/SOURCE.md); the JSON logs are ours, in AG2's message layout.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importTrace } from "../index";
import { analyzeTrace } from "../../attribution/index";
import { OBSERVATION_AT } from "../../trace/canonical-attributes";
import type { TTrace } from "../../trace/schema";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "..", "fixtures", name), "utf8");
const observedFrom = (trace: TTrace, id: string) => trace.steps.find((s) => s.id === id)?.attributes?.[OBSERVATION_AT];
const failed = (trace: TTrace): TTrace => ({ ...trace, run: { ...trace.run, outcome: "failure" } });

describe("a sequential chat's carry-over", () => {
  it("is an observation in the opening message of a later printed chat (real print)", () => {
    const { trace } = importTrace(fixture("ag2-print-sequential-chats.txt"), { fileName: "run.txt" });
    const opening = trace.steps.find((s) => s.attributes?.chat === 2);
    expect(opening?.id).toBe("s4");
    const at = observedFrom(trace, "s4");
    expect(typeof at).toBe("number");
    expect(opening?.content.slice(0, at as number)).toMatch(/\n$/);
    expect(opening?.content.slice(at as number)).toMatch(/^Context: ?\n/);
    // The first chat's opening message is the task, with nothing carried over.
    expect(observedFrom(trace, "s0")).toBeUndefined();
    // What the carry-over holds (a file the first chat's program wrote) is no claim of the sender's.
    const report = analyzeTrace(failed(trace));
    expect(report.claims?.filter((c) => c.stepId === "s4")).toEqual([]);
    expect(report.decisive?.stepId).not.toBe("s4");
  });

  it("is an observation in a later printed chat's opening message whatever summary it carries", () => {
    const STARS = "*".repeat(80);
    const banner = (message: string) => `${STARS}\nStarting a new chat....\n\nMessage:\n${message}\n\n${STARS}\n`;
    const said = (from: string, to: string, text: string) => `${from} (to ${to}):\n\n${text}\n\n${"-".repeat(80)}\n`;
    const print = [
      banner("Tabulate the tides of Avel, Brin and Corr for May."),
      said("Planner", "Surveyor", "Tabulate the tides of Avel, Brin and Corr for May."),
      said("Surveyor", "Planner", "The table is in tides.md."),
      banner("Write a short harbour notice from the table."),
      // A reflection summary: the harness's words, written by no speaker of the run.
      said(
        "Planner",
        "Writer",
        "Write a short harbour notice from the table.\nContext: \nTides for May were tabulated; Avel peaks at 4.2 m.",
      ),
      said("Writer", "Planner", "Notice: high water at Avel reaches 4.2 m on 3 May."),
    ].join("\n");
    const { trace } = importTrace(print, { fileName: "run.txt" });
    expect(trace.steps.map((s) => s.attributes?.chat)).toEqual([1, 1, 2, 2]);
    expect(observedFrom(trace, "s2")).toBe("Write a short harbour notice from the table.\n".length);
  });

  const log = (messages: { name: string; content: string }[]) =>
    importTrace(JSON.stringify({ messages: messages.map((m) => ({ ...m, role: "user" })) }), { format: "ag2" }).trace;
  const summary = "The survey script ran and wrote the tide table for the three harbours to tides.md, one row per day.";

  it("is an observation where the text after the Context line repeats an earlier message word for word", () => {
    const trace = log([
      { name: "Planner", content: "Tabulate the tides of Avel, Brin and Corr for May." },
      { name: "Surveyor", content: summary },
      {
        name: "Planner",
        content: `Write a short harbour notice from the table.\nContext: \n${summary}\nHigh water 4.2 m.`,
      },
      { name: "Writer", content: "Notice: high water at Avel reaches 4.2 m on 3 May." },
    ]);
    expect(observedFrom(trace, "s2")).toBe("Write a short harbour notice from the table.\n".length);
    // An observation quoted before the carry-over still starts where it starts.
    const quoted = log([
      { name: "Surveyor", content: summary },
      { name: "Planner", content: `Write a notice.\nSearch results: chart 7 shows Avel.\nContext: \n${summary}` },
    ]);
    expect(observedFrom(quoted, "s1")).toBe("Write a notice.\n".length);
  });

  it("is not a Context line an agent writes in its own reply, nor a copy too short to be a summary", () => {
    const own = log([
      { name: "Planner", content: "Tabulate the tides of Avel, Brin and Corr for May." },
      { name: "Surveyor", content: summary },
      {
        name: "Writer",
        content: "Draft below.\nContext:\nHigh water at Avel reaches 4.2 m on 3 May, by my reckoning.",
      },
    ]);
    expect(observedFrom(own, "s2")).toBeUndefined();
    const short = log([
      { name: "Planner", content: "Tabulate the tides." },
      { name: "Surveyor", content: "Done, see tides.md." },
      { name: "Planner", content: "Write a notice.\nContext: \nDone, see tides.md." },
    ]);
    expect(observedFrom(short, "s2")).toBeUndefined();
  });
});
