/**
 * A team stopped on a keyword's mention while work was outstanding. Invented event-planning runs:
 * a coordinator, a venue agent, a catering agent and a writer who drafts from what was gathered.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";
import { importTrace } from "../../importers/index";
import { STOPPED_ON_MENTION } from "../../trace/canonical-attributes";
import { detectorPhrase } from "../../view/headline-phrases";

type Turn = [agent: string, content: string, kind?: "tool_result"];

const STOP_NOTICE = "Orchestration (task_result):\nText 'PLAN_READY' mentioned";

function trace(turns: Turn[], opts: { outcome?: "failure" | "success"; runStop?: string } = {}) {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: {
      outcome: opts.outcome ?? "failure",
      task: turns[0][1],
      ...(opts.runStop ? { attributes: { [STOPPED_ON_MENTION]: opts.runStop } } : {}),
    },
    agents: [...new Set(turns.map(([a]) => a))].map((name) =>
      name === "Organiser" ? { name, kind: "task_giver" } : { name },
    ),
    steps: turns.map(([agent, content, kind], i) => ({
      id: `t${i}`,
      agent,
      kind: kind ?? "message",
      content,
      ...(content === STOP_NOTICE ? { attributes: { [STOPPED_ON_MENTION]: "PLAN_READY" } } : {}),
    })),
  });
}

const OPENING: Turn[] = [
  ["Organiser", "Plan a two-day workshop for 40 people in Ghent with a venue, catering and a budget under 9000 EUR."],
  [
    "coordinator",
    "I will ask venue_agent for halls and catering_agent for caterers, then hand the blackboard to the writer.",
  ],
  ["venue_agent", 'search_venues({"city": "Ghent", "capacity": 40})'],
  ["venues_api", '{"venues": [{"name": "Wintercircus hall B", "price_per_day": 1850}]}', "tool_result"],
];

/** The writer, working from the blackboard after the stop, invents a caterer and its price. */
const WRITER: Turn[] = [
  ["writer", "Day 1 and day 2 at Wintercircus hall B (3700 EUR); lunches by Maison Verhulst at 2480 EUR in total."],
];

const run = (turns: Turn[], opts?: Parameters<typeof trace>[1]) => {
  const report = analyzeTrace(trace(turns, opts));
  const decisive = report.steps.find((s) => s.stepId === report.decisive?.stepId);
  return {
    phrase: decisive
      ? detectorPhrase(
          decisive.detectors.map((d) => ({ name: d.name, note: d.evidence.note })),
          new Map(),
        )
      : null,
    fix: report.fixes?.find((f) => f.role === "decisive"),
    hits: report.steps.filter((s) => s.detectors.some((d) => d.name === "premature-stop")).map((s) => s.stepId),
    decisive: report.decisive?.stepId,
    agent: report.decisive?.agent,
    note: report.steps.flatMap((s) => s.detectors).find((d) => d.name === "premature-stop")?.evidence.note,
  };
};

describe("premature-stop", () => {
  it("a stop notice after a plan that only mentions the keyword: the stop is decisive, not the writer's inventions", () => {
    const r = run([
      ...OPENING,
      [
        "coordinator",
        "Hall B is recorded. Next: 1. await catering quotes from catering_agent 2. emit PLAN_READY once they are in.",
      ],
      ["coordinator", STOP_NOTICE],
      ...WRITER,
    ]);
    expect(r.hits).toEqual(["t5"]);
    expect(r.decisive).toBe("t5");
    expect(r.agent).toBe("coordinator");
    expect(r.note).toContain('mentioned "PLAN_READY" in passing');
    expect(r.note).toContain("await catering quotes");
    expect(r.phrase).toBe("stopped the team on a passing mention of PLAN_READY while work was outstanding");
    expect(r.fix?.fixType).toBe("stop-or-hand-off-correctly");
    expect(r.fix?.instruction).toMatch(/^Write the team's stop keyword only as your decision to stop/);
  });

  it("an agent that ends the work with the keyword on its own line while saying work remains is the one", () => {
    const r = run([
      ...OPENING,
      [
        "venue_agent",
        "Hall B is the only hall for 40. Catering would need to be found by catering_agent.\n\n**PLAN_READY**",
      ],
      ["coordinator", STOP_NOTICE],
      ...WRITER,
    ]);
    expect(r.hits).toEqual(["t4"]);
    expect(r.decisive).toBe("t4");
    expect(r.note).toContain('ends the team\'s work with "PLAN_READY"');
    expect(r.phrase).toBe("ended the team's work with PLAN_READY while work was outstanding");
  });

  it("the author's own reasoning just before its message counts, and so does what is said before the stop", () => {
    const r = run([
      ...OPENING,
      ["venue_agent", "The caterers are not yet searched; that is catering_agent's part."],
      ["venue_agent", "Venue recorded.\n\nPLAN_READY"],
      ["coordinator", STOP_NOTICE],
      ...WRITER,
    ]);
    expect(r.hits).toEqual(["t5"]);
    const between = run([
      ...OPENING,
      ["venue_agent", "Venue recorded. I will not write PLAN_READY myself; that is the coordinator's call."],
      ["coordinator", "Awaiting the caterers' quotes before the plan can be drafted."],
      ["coordinator", STOP_NOTICE],
      ...WRITER,
    ]);
    expect(between.hits).toEqual(["t6"]);
  });

  it("no finding when the stopping message says the work is done, or only hands over", () => {
    const done: Turn = ["coordinator", "Venue and catering are recorded with quotes.\n\n## PLAN_READY"];
    expect(run([...OPENING, done, ["coordinator", STOP_NOTICE], ...WRITER]).hits).toEqual([]);
    const handover: Turn = [
      "coordinator",
      "Everything is on the blackboard. Next step: the writer drafts it.\nPLAN_READY",
    ];
    expect(run([...OPENING, handover, ["coordinator", STOP_NOTICE], ...WRITER]).hits).toEqual([]);
  });

  it("no finding without a stop on a mention, in a successful run, or when no recent message holds the keyword", () => {
    const pending: Turn = ["coordinator", "Awaiting catering quotes. I will emit PLAN_READY once they are in."];
    expect(run([...OPENING, pending, ...WRITER]).hits).toEqual([]);
    expect(run([...OPENING, pending, ["coordinator", STOP_NOTICE], ...WRITER], { outcome: "success" }).hits).toEqual(
      [],
    );
    const far: Turn[] = [
      ...OPENING,
      pending,
      ...Array.from({ length: 7 }, (_, k): Turn => ["venue_agent", `Checked hall option ${k + 2}: too small.`]),
      ["coordinator", STOP_NOTICE],
    ];
    expect(run(far).hits).toEqual([]);
  });

  it("a stop reported only as the run's stop reason follows the last step", () => {
    const turns: Turn[] = [
      ...OPENING,
      ["venue_agent", "Venue recorded; catering still needs to be found.\n\nPLAN_READY"],
    ];
    expect(run(turns, { runStop: "PLAN_READY" }).hits).toEqual(["t4"]);
    expect(run(turns).hits).toEqual([]);
  });
});

describe("importers mark a stop on a mention", () => {
  it("a short stop notice carries its keyword; a message quoting the phrase does not", () => {
    const history = [
      { name: "Organiser", role: "user", content: "Plan the workshop." },
      { name: "coordinator", role: "assistant", content: "When we stop the log shows: Text 'PLAN_READY' mentioned" },
      { name: "coordinator", role: "assistant", content: STOP_NOTICE },
    ];
    const { trace: t } = importTrace(JSON.stringify({ question: "Plan the workshop.", history }), {
      format: "who-and-when",
    });
    expect(t.steps.map((s) => s.attributes?.[STOPPED_ON_MENTION])).toEqual([undefined, undefined, "PLAN_READY"]);
  });

  it("AgentChat's stop reason on a real task result", () => {
    const text = readFileSync("test/fixtures/real/autogen/swarm-task-result.json", "utf8");
    expect(importTrace(text).trace.run.attributes?.[STOPPED_ON_MENTION]).toBe("TERMINATE");
  });
});
