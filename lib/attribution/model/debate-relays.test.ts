/**
 * Debate harnesses as real ones write them: relays of short answers wrapped in inline fences, a
 * prompt template that says "Let's think step by step", relays longer than the scan, and debaters
 * that keep the same short answer every round. The relayer is the harness; the debaters are workers,
 * never executors, stock responders or the protocol's voice.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { buildGraph } from "../build-graph";
import { DEFAULT_CONFIG } from "../config";
import { classifyParticipants, markParticipants } from "./participants";
import { asksForRun, scaffoldingSteps } from "./scaffolding";
import { statesAnAnswer } from "./answer-statement";

type Line = [agent: string, content: string];

const QUESTION =
  "Which rock forms from cooled lava? (A) Marble (B) Basalt (C) Shale (D) Limestone. Put your answer in the form (X).";

/** The speaker named "user" poses the task, as the Who&When layout's `user` does. */
function graph(lines: Line[]) {
  const names = [...new Set(lines.map(([a]) => a))];
  const g = buildGraph(
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure", task: QUESTION },
      agents: names.map((name) => (name === "user" ? { name, kind: "task_giver" } : { name })),
      steps: lines.map(([agent, content], i) => ({ id: `m${i}`, agent, kind: "message", content })),
    }),
    DEFAULT_CONFIG,
  );
  return g;
}

function kinds(lines: Line[]): Record<string, string> {
  const g = graph(lines);
  markParticipants(g);
  const k = classifyParticipants(g);
  return Object.fromEntries(g.agentNames.map((n, a) => [n, k[a]]));
}

const relay = (tail: string, ...answers: string[]) =>
  [
    "These are the solutions to the problem from other agents: ",
    ...answers.map((x) => `\n One agent solution: \`\`\`${x}\`\`\``),
    `\n\n Using the reasoning from other agents as additional advice, can you give an updated answer? ${tail}`,
  ].join("");

/** Three debaters that answer with an option letter only, two rounds, and a relaying harness. */
function shortDebate(tail = "Put your answer in the form (X) at the end of your response."): Line[] {
  const a = "(A) Marble";
  const b = "(B) Basalt";
  return [
    ["Host", `Can you answer the following question as accurately as possible? ${QUESTION}`],
    ["Solver_1", a],
    ["Solver_2", a],
    ["Solver_3", b],
    ["Host", relay(tail, a, b)],
    ["Solver_1", a],
    ["Host", relay(tail, a, b)],
    ["Solver_2", a],
    ["Host", relay(tail, a, a)],
    ["Solver_3", a],
  ];
}

describe("fences that quote", () => {
  it("a fence around another speaker's whole message forwards it; any other fenced block asks for a run", () => {
    const isAnswer = (block: string) => block === "(B) Basalt";
    expect(asksForRun("One agent solution: ```(B) Basalt```", isAnswer)).toBe(false);
    expect(asksForRun("One agent solution: ```(B) Basalt```")).toBe(true);
    expect(asksForRun("Here:\n```python\nprint(2 + 2)\n```", isAnswer)).toBe(true);
    expect(asksForRun("Run ```ls -la``` in the repo.", isAnswer)).toBe(true);
    expect(asksForRun("tool call: lookup(city='Oslo')", isAnswer)).toBe(true);
    // A quote, then a code block: the block is a request.
    expect(asksForRun("Solution: ```(B) Basalt```\nNow run:\n```sh\necho hi\n```", isAnswer)).toBe(true);
    expect(asksForRun("An unclosed ```(B) Basalt", isAnswer)).toBe(true);
    expect(asksForRun("No fences at all.", isAnswer)).toBe(false);
  });

  it("debaters that answer relayed short answers are workers, not executors; the relayer is the harness", () => {
    const a = "(A) Marble";
    const b = "(B) Basalt";
    const tail = "Put your answer in the form (X) at the end of your response.";
    const third: Line[] = [
      ["Host", relay(tail, a, a)],
      ["Solver_1", b],
      ["Host", relay(tail, a, a)],
      ["Solver_2", a],
      ["Host", relay(tail, b, a)],
      ["Solver_3", a],
    ];
    const k = kinds([...shortDebate(), ...third]);
    expect(k.Host).toBe("harness");
    for (const s of ["Solver_1", "Solver_2", "Solver_3"]) expect(k[s]).toBe("worker");
  });
});

describe("relays", () => {
  it("short answers forwarded from other speakers, with only the harness's template around them, are a relay", () => {
    const g = graph(shortDebate());
    markParticipants(g);
    const s = scaffoldingSteps(g);
    expect(s.relay[4]).toBe(1);
    expect(s.relay[8]).toBe(1);
  });

  it("a prompt template that speaks in the first person (\"Let's think step by step.\") stays the harness's template", () => {
    const k = kinds(shortDebate("Put your answer in the form (X). Let's think step by step."));
    expect(k.Host).toBe("harness");
  });

  it("a relay longer than the scan is read without its cut last line", () => {
    const long = (n: number) =>
      Array.from({ length: 170 }, (_, i) => `we weigh sample ${n} of the basalt layer and keep ${i * 7} grams.`).join(
        "\n",
      );
    // Pad the heading until the scan (8000 characters) cuts a forwarded line after its first words.
    let lines: Line[] = [];
    for (let pad = 0; pad < 80; pad++) {
      lines = [
        ["Host", `Can you answer the following question as accurately as possible? ${QUESTION}`],
        ["Solver_1", `${long(1)}\n(A) Marble`],
        ["Solver_2", `${long(2)}\n(B) Basalt`],
        ["Host", relay("Give your answer.", `\n${"x".repeat(pad)}\n${long(2)}\n(B) Basalt\n`)],
        ["Solver_1", "(B) Basalt"],
      ];
      const cut = lines[3][1].slice(0, 8000);
      if (cut.slice(cut.lastIndexOf("\n") + 1).length >= 12) break;
    }
    const cut = lines[3][1].slice(0, 8000);
    expect(cut.slice(cut.lastIndexOf("\n") + 1)).toMatch(/^we weigh/);
    const g = graph(lines);
    markParticipants(g);
    expect(scaffoldingSteps(g).relay[3]).toBe(1);
  });

  it("near miss: a step that is one line another speaker wrote echoes that answer; it relays nothing", () => {
    const echoed = "(B) Basalt, the fine-grained rock that forms when lava cools quickly at the surface.";
    const g = graph([
      ["Host", `Can you answer the following question as accurately as possible? ${QUESTION}`],
      ["Solver_1", echoed],
      ["Solver_2", echoed],
    ]);
    markParticipants(g);
    expect(scaffoldingSteps(g).relay[2]).toBe(0);
  });

  it("near miss: one short answer forwarded with fresh words around it is no relay", () => {
    const g = graph([
      ["Host", `Can you answer the following question as accurately as possible? ${QUESTION}`],
      ["Solver_1", "(A) Marble"],
      ["Solver_2", "Solver 1 says\n(A) Marble\nbut marble is metamorphic, so basalt is the lava rock."],
    ]);
    markParticipants(g);
    expect(scaffoldingSteps(g).relay[2]).toBe(0);
  });
});

describe("debaters that keep their answer", () => {
  it("an answer repeated every round is a position each time, no stock reply; the first debater is no protocol voice", () => {
    const boxed: Line[] = [
      [
        "Host",
        "Can you solve the following math problem? A crate holds 6 rows of 7 jars. How many jars? Answer in the form \\boxed{answer}.",
      ],
      ["Solver_1", "\\boxed{42}"],
      ["Solver_2", "\\boxed{42}"],
      ["Solver_3", "6 rows times 7 jars is 42 jars, so \\boxed{42}"],
      [
        "Host",
        relay(
          "Give your answer in the form \\boxed{answer}.",
          "\\boxed{42}",
          "6 rows times 7 jars is 42 jars, so \\boxed{42}",
        ),
      ],
      ["Solver_1", "\\boxed{42}"],
      [
        "Host",
        relay(
          "Give your answer in the form \\boxed{answer}.",
          "\\boxed{42}",
          "6 rows times 7 jars is 42 jars, so \\boxed{42}",
        ),
      ],
      ["Solver_2", "\\boxed{42}"],
      ["Host", relay("Give your answer in the form \\boxed{answer}.", "\\boxed{42}", "\\boxed{42}")],
      ["Solver_3", "\\boxed{42}"],
    ];
    const k = kinds(boxed);
    expect(k.Solver_1).toBe("worker");
    expect(k.Solver_2).toBe("worker");
    expect(k.Host).toBe("harness");
  });

  it("a first debater whose short replies only give small boxed answers is a debater, not the protocol's voice", () => {
    const ask =
      "Can you solve the following math problem? A shelf holds 3 boxes of 2 cups. How many cups? Answer in the form \\boxed{answer}.";
    const tail = "Give your answer in the form \\boxed{answer}.";
    const k = kinds([
      ["user", ask],
      ["Solver_1", "\\boxed{5}"],
      ["Solver_2", "Three boxes of two cups each make 6 cups, so \\boxed{6}"],
      ["Solver_3", "Each box holds 2 cups and there are 3 boxes: 6 cups, \\boxed{6}"],
      [
        "Host",
        relay(
          tail,
          "Three boxes of two cups each make 6 cups, so \\boxed{6}",
          "Each box holds 2 cups and there are 3 boxes: 6 cups, \\boxed{6}",
        ),
      ],
      ["Solver_1", "\\boxed{6}"],
    ]);
    expect(k.Solver_1).toBe("worker");
  });

  it("answers in the forms debates ask for are answers; a program's stock line is not", () => {
    expect(statesAnAnswer("\\boxed{42}")).toBe(true);
    expect(statesAnAnswer("(B) Basalt")).toBe(true);
    expect(statesAnAnswer("My answer: 42")).toBe(true);
    expect(statesAnAnswer("There is no code in the last message for me to run.")).toBe(false);
  });
});
