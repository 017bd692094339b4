/**
 * A concluded run's wrong answer is blamed where it entered the conversation; an answer forced by a
 * budget or a crash is not evidence against whoever the harness made write it.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { analyzeTrace } from "../index";

type Step = TTraceInput["steps"][number];
const chat = (termination: string | undefined, finalAnswer: string, steps: Step[]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: {
      task: "How many stations lie between Eastgate and Millbrook on the river line?",
      outcome: "failure",
      finalAnswer,
      sourceFormat: "who-and-when",
      ...(termination ? { attributes: { [TERMINATION_ATTR]: termination } } : {}),
    },
    agents: [
      { name: "human", kind: "task_giver" },
      { name: "Orchestrator" },
      { name: "WebSurfer" },
      { name: "Assistant" },
    ],
    steps,
    edges: [],
  });

const steps: Step[] = [
  {
    id: "s0",
    agent: "human",
    kind: "message",
    content: "How many stations lie between Eastgate and Millbrook on the river line?",
  },
  {
    id: "s1",
    agent: "Orchestrator",
    kind: "delegate",
    target: "WebSurfer",
    content: "Find the list of stations on the river line.",
  },
  {
    id: "s2",
    agent: "WebSurfer",
    kind: "message",
    content: "I opened the timetable. Stations: Quayside, Eastgate, Old Mill, Fernhill, Ashcombe, Millbrook, Harbour.",
  },
  {
    id: "s3",
    agent: "Orchestrator",
    kind: "delegate",
    target: "Assistant",
    content: "Count the stations between the two.",
  },
  { id: "s4", agent: "Assistant", kind: "message", content: "Between them there are 17 stations." },
  { id: "s5", agent: "Orchestrator", kind: "thought", content: "Request satisfied. The answer is 17 stations." },
  { id: "s6", agent: "Orchestrator", kind: "final", content: "FINAL ANSWER: 17" },
];

describe("answer origin", () => {
  it("names the agent that first put the concluded answer forward, not the coordinator that relayed it", () => {
    const r = analyzeTrace(chat("concluded", "17", steps));
    expect(r.decisive?.stepId).toBe("s4");
    expect(r.decisive?.agent).toBe("Assistant");
    expect(r.decisionSource).toBe("evidence");
    expect(r.agents.find((a) => a.agent === "Assistant")?.blame).toBeGreaterThan(
      r.agents.find((a) => a.agent === "Orchestrator")!.blame,
    );
  });

  it("does not apply when the run did not conclude", () => {
    for (const t of ["limit", "error", undefined]) {
      const r = analyzeTrace(chat(t, "17", steps));
      expect(r.decision?.rule).not.toBe("answer-origin");
    }
  });

  it("a value the harness first states in a forced answer is not an agent's invention", () => {
    const forced = [
      ...steps.slice(0, 3),
      { id: "s3", agent: "Orchestrator", kind: "final" as const, content: "Max time reached.\nFINAL ANSWER: 4711" },
    ];
    const limited = analyzeTrace(chat("limit", "4711", forced));
    expect(limited.decisive?.stepId).not.toBe("s3");
    // The same answer from a team that concluded is an invention at the step that states it.
    const concluded = analyzeTrace(chat("concluded", "4711", forced));
    expect(concluded.decisive?.stepId).toBe("s3");
  });
});

describe("answer origin with the ground truth given", () => {
  const listSteps: Step[] = [
    { id: "s0", agent: "human", kind: "message", content: "Which stations on the river line have step-free access?" },
    {
      id: "s1",
      agent: "WebSurfer",
      kind: "tool_call",
      tool: {
        name: "open_page",
        arguments: { url: "https://rail.example/access" },
        result: "Step-free access: Old Mill (lifts), Fern Hill (ramps). No step-free access: Quay Side.",
      },
      content: "",
    },
    { id: "s2", agent: "Assistant", kind: "message", content: "Old Mill is the station with step-free access." },
    { id: "s3", agent: "Orchestrator", kind: "thought", content: "Request satisfied. The answer is Old Mill." },
    { id: "s4", agent: "Orchestrator", kind: "final", content: "FINAL ANSWER: Old Mill" },
  ];
  const withTruth = (truth: string) => {
    const t = chat("concluded", "Old Mill", listSteps);
    return {
      ...t,
      run: { ...t.run, task: "Which stations on the river line have step-free access?", groundTruth: truth },
    };
  };

  it("an answer that stopped short of the truth is blamed where it was first put forward", () => {
    const r = analyzeTrace(withTruth("Old Mill, Fern Hill"));
    expect(r.decision?.rule).toBe("answer-origin");
    expect(r.decisive?.stepId).toBe("s2");
  });

  it("an answer whose every value the truth holds, and nothing more, names no origin of its own", () => {
    const r = analyzeTrace(withTruth("Old Mill"));
    expect(r.decision?.rule).not.toBe("answer-origin");
  });
});
