/**
 * Claims, provenance and the decision on the review's named toy traces (engine 0.5). Each test
 * states the property it checks; each fails if the mechanism it names is removed.
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../index";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { extractClaims } from "./extract-claims";
import { arithmeticSlips, statedComputations } from "./arithmetic";
import { buildProvenance } from "./provenance";
import { findClaimIssues } from "./claim-findings";
import type { AnalysisReport } from "../types";

type Step = TTraceInput["steps"][number];
const e = (from: string, to: string, kind: "message" | "aggregation" = "message") => ({
  from,
  to,
  kind,
  evidence: "toy",
  confidence: 1,
});
function make(
  task: string,
  steps: Step[],
  edges: TTraceInput["edges"],
  agents: { name: string; description?: string }[] = [],
) {
  const names = [...new Set(steps.map((s) => s.agent))];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { task, outcome: "failure", sourceFormat: "culprit" },
    agents: names.map((name) => agents.find((a) => a.name === name) ?? { name }),
    steps,
    edges,
  });
}
const role = (r: AnalysisReport, a: string) => r.agents.find((x) => x.agent === a)?.role;
const blame = (r: AnalysisReport, a: string) => r.agents.find((x) => x.agent === a)?.blame ?? NaN;

describe("claim extraction", () => {
  it("normalizes money, percent and thousands so one fact written two ways compares equal", () => {
    const a = extractClaims("Revenue was $48,210.00 and margin 15%.");
    const b = extractClaims("revenue 48210 dollars");
    expect(a.find((c) => c.kind === "number" && c.unit === "money")?.value).toBe("n:48210");
    expect(b.find((c) => c.kind === "number")?.value).toBe("n:48210");
    expect(a.find((c) => c.unit === "percent")?.value).toBe("n:15");
  });
  it("keeps literals inside code as claims, marked inCode", () => {
    const cs = extractClaims("Using sample data:\n```python\nsales = 73120\n```");
    expect(cs.find((c) => c.value === "n:73120")?.inCode).toBe(true);
  });
  it("reads dates and URLs into one normal form", () => {
    expect(extractClaims("on March 4, 2021").find((c) => c.kind === "date")?.value).toBe("d:2021-03-04");
    expect(extractClaims("see https://www.Example.com/a/").find((c) => c.kind === "url")?.value).toBe(
      "u:example.com/a",
    );
  });
});

describe("entity names at a sentence's start", () => {
  const entities = (text: string) => extractClaims(text).flatMap((c) => (c.kind === "entity" ? [c.value] : []));
  it.each([
    ["The Orchard Guild met.", "e:orchard guild"],
    ["When Ada Lovelace wrote it, it ran.", "e:ada lovelace"],
    ["In Port Isaac the tide turned.", "e:port isaac"],
  ])("drops the function word that opens %j from the name", (text, name) => {
    expect(entities(text)).toEqual([name]);
  });
  it.each([
    ["The Beatles played.", "e:the beatles"],
    ["Theo Marsh won.", "e:theo marsh"],
    ["Andrea Bocelli sang.", "e:andrea bocelli"],
  ])("near miss: keeps %j whole (one name would be left, or the first word is a name)", (text, name) => {
    expect(entities(text)).toEqual([name]);
  });
  it("reads a name the task gives mid-sentence as the task's when a step opens a sentence with it", () => {
    const t = make(
      "Which player led the Orchard Guild in points?",
      [{ id: "a", agent: "A", kind: "message", content: "The Orchard Guild was led by Theo Marsh." }],
      [],
    );
    const p = buildProvenance(buildGraph(t, resolveConfig()));
    expect(p.records.find((r) => r.claim.value === "e:orchard guild")?.source).toBe("task");
  });
});

describe("arithmetic", () => {
  it("flags a stated computation that does not recompute, not one that does", () => {
    expect(arithmeticSlips("12 * 7.5 = 95")).toHaveLength(1);
    expect(arithmeticSlips("12 * 7.5 = 90 and 1/3 = 0.33")).toHaveLength(0);
  });
  it("holds a large sum to its written cents: rounding passes, a slip of ten cents does not", () => {
    expect(arithmeticSlips("Fees: 405,118.27 + 712,904.66 + 611,233.08 = 1,729,256.11")).toHaveLength(1);
    expect(arithmeticSlips("Fees: 405,118.27 + 712,904.66 + 611,233.08 = 1,729,256.01")).toHaveLength(0);
    expect(arithmeticSlips("Fees: 405,118.27 + 712,904.66 + 611,233.08 = 1,729,256.0")).toHaveLength(0);
  });
  it("reads a span's length as no subtraction, and still checks a subtraction", () => {
    expect(arithmeticSlips("Lisbon on June 3-4 = 2 nights, Porto on June 5-7 = 3 nights")).toHaveLength(0);
    expect(arithmeticSlips("Stock left: 40-12 = 26")).toHaveLength(1);
    expect(arithmeticSlips("Stock left: 12-40 = 26")).toHaveLength(0);
    expect(arithmeticSlips("Stock left: 12 - 40 = 26")).toHaveLength(1);
  });
  it("links a result to its operands in both written orders", () => {
    expect(statedComputations("total 4565 mm (1675 + 1090 + 1800)")[0].operands).toEqual([1675, 1090, 1800]);
    expect(statedComputations("1675 + 1090 = 2765")[0].result).toBe(2765);
  });
});

describe("provenance", () => {
  it("finds the earliest source: task, tool output, earlier agent step, or none", () => {
    const t = make(
      "Sum the sales of 2019.",
      [
        { id: "t", agent: "tool", kind: "tool_result", content: "sales: 4821" },
        { id: "a", agent: "A", kind: "message", content: "Sales in 2019 were 4821, plus 7391 from the shop." },
        { id: "b", agent: "B", kind: "message", content: "Using 7391 as given." },
      ],
      [e("t", "a"), e("a", "b")],
    );
    const p = buildProvenance(buildGraph(t, resolveConfig()));
    const src = (step: string, v: string) =>
      p.records.find((r) => t.steps[r.step]?.id === step && r.claim.value === v)?.source;
    expect(src("a", "n:2019")).toBe("task");
    expect(src("a", "n:4821")).toBe("tool");
    expect(src("a", "n:7391")).toBe("none");
    expect(src("b", "n:7391")).toBe("agent");
  });
  it("a quoted phrase whose words the task holds, quoted or not, comes from the task", () => {
    const t = make(
      "In the novel Harbour Lights, what colour was the lighthouse?",
      [{ id: "a", agent: "A", kind: "message", content: 'In "Harbour Lights" the lighthouse was "red and white".' }],
      [],
    );
    const p = buildProvenance(buildGraph(t, resolveConfig()));
    const src = (v: string) => p.records.find((r) => r.claim.value === v)?.source;
    expect(src("q:harbour lights")).toBe("task");
    expect(src("q:red and white")).toBe("none");
  });
});

describe("findings", () => {
  it("a link typed into code is where the agent looks, not a claim: only a link stated in prose is an unsourced value", () => {
    const findingsOf = (content: string) => {
      const t = make(
        "Count the words in the English word list.",
        [{ id: "a", agent: "A", kind: "message", content }],
        [],
      );
      const g = buildGraph(t, resolveConfig());
      return findClaimIssues(g, buildProvenance(g))
        .filter((f) => f.name === "unsourced-value")
        .map((f) => f.value);
    };
    expect(
      findingsOf('```python\nwords = requests.get("https://lists.example.org/words.txt").text.split()\n```'),
    ).toEqual([]);
    expect(findingsOf("The list is at https://lists.example.org/words.txt and holds 370105 words.")).toContain(
      "u:lists.example.org/words.txt",
    );
  });
});

describe("named toy traces (review 2026-12-01)", () => {
  it("a1: one fabricated number relayed by B — A is the culprit, B a propagator, A has the top blame", () => {
    const r = analyzeTrace(
      make(
        "Report the quarterly revenue of the shop from the ledger.",
        [
          { id: "s0", agent: "A", kind: "message", content: "The quarterly revenue is 48210." },
          { id: "s1", agent: "B", kind: "message", content: "Noted, drafting with the revenue figure." },
          { id: "s2", agent: "B", kind: "final", content: "Final: quarterly revenue 48210." },
        ],
        [e("s0", "s1"), e("s1", "s2")],
      ),
    );
    expect(r.decisive?.agent).toBe("A");
    expect(r.decisionSource).toBe("evidence");
    expect(role(r, "A")).toBe("culprit");
    expect(role(r, "B")).toBe("propagator");
    expect(r.agents[0].agent).toBe("A");
    expect(r.agents.reduce((s, a) => s + a.blame, 0)).toBeCloseTo(1, 6);
  });

  it("contradiction: the tool said 2996, the agent wrote 2945 — the agent is the origin, the reviewer a missed check", () => {
    const r = analyzeTrace(
      make(
        "How many units were sold in March?",
        [
          {
            id: "c",
            agent: "Analyst",
            kind: "tool_call",
            tool: { name: "db", result: "units sold in March: 2996" },
            status: "ok",
          },
          { id: "a", agent: "Analyst", kind: "message", content: "Units sold in March: 2945." },
          { id: "v", agent: "Reviewer", kind: "message", content: "Approved, 2945 looks correct." },
          { id: "f", agent: "Writer", kind: "final", content: "March sales: 2945 units." },
        ],
        [e("c", "a"), e("a", "v"), e("v", "f")],
      ),
    );
    expect(r.decisive?.stepId).toBe("a");
    expect(
      r.claims?.some((c) => c.detector === "contradicts-source" && c.stepId === "a" && c.sourceStepId === "c"),
    ).toBe(true);
    expect(role(r, "Reviewer")).toBe("missed-check");
    expect(role(r, "Writer")).toBe("propagator");
    expect(blame(r, "Reviewer")).toBeLessThan(blame(r, "Analyst"));
  });

  it("c: two of three independent voters wrong — both are culprits with equal blame, the judge is not", () => {
    const r = analyzeTrace(
      make(
        "Estimate the warehouse stock.",
        [
          { id: "v1", agent: "V1", kind: "message", content: "My count: 5120 units." },
          { id: "v2", agent: "V2", kind: "message", content: "My count: 5120 units." },
          { id: "v3", agent: "V3", kind: "message", content: "My count: 24 units." },
          { id: "j", agent: "Judge", kind: "final", content: "Majority says 5120 units." },
        ],
        [e("v1", "j", "aggregation"), e("v2", "j", "aggregation"), e("v3", "j", "aggregation")],
      ),
    );
    expect(role(r, "V1")).toBe("culprit");
    expect(role(r, "V2")).toBe("culprit");
    expect(role(r, "Judge")).not.toBe("culprit");
    expect(blame(r, "V1")).toBeCloseTo(0.5, 6);
    expect(blame(r, "V2")).toBeCloseTo(0.5, 6);
    expect(r.decision?.originStepIds).toEqual(["v1", "v2"]);
  });

  it("f1: a rubber stamp named Bob is still a missed check (behaviour, not name)", () => {
    const r = analyzeTrace(
      make(
        "Run the report script and give the total.",
        [
          {
            id: "c",
            agent: "Coder",
            kind: "tool_call",
            tool: { name: "python", result: "Traceback (most recent call last): ZeroDivisionError" },
            status: "error",
          },
          { id: "s", agent: "Coder", kind: "message", content: "The script executed successfully; the total is 4821." },
          { id: "b", agent: "Bob", kind: "message", content: "Looks good, approved." },
          { id: "f", agent: "Coder", kind: "final", content: "Total: 4821." },
        ],
        [e("c", "s"), e("s", "b"), e("b", "f")],
      ),
    );
    expect(r.decisive?.agent).toBe("Coder");
    expect(role(r, "Bob")).toBe("missed-check");
  });

  it("container span: a wrapper that returns its child's wrong value is never the origin", () => {
    const r = analyzeTrace(
      make(
        "Give the population of the town.",
        [
          { id: "w", agent: "Researcher", kind: "agent", content: "Population: 73120." },
          { id: "l", agent: "Researcher", kind: "llm", parentId: "w", content: "Population: 73120." },
          { id: "f", agent: "Writer", kind: "final", content: "The town has 73120 people." },
        ],
        [e("w", "f")],
      ),
    );
    expect(r.decisive?.stepId).toBe("l");
  });

  it("no evidence: the verdict is undetermined with a weak suspect, the class unexplained, never emergent", () => {
    const r = analyzeTrace(
      make(
        "Summarize the meeting.",
        [
          { id: "a", agent: "A", kind: "message", content: "Here is a summary of the meeting." },
          { id: "b", agent: "B", kind: "final", content: "Summary done." },
        ],
        [e("a", "b")],
      ),
    );
    expect(r.decisionSource).toBe("prior");
    expect(r.verdict).toMatch(/^Undetermined/);
    expect(r.interaction.class).toBe("unexplained");
    expect(role(r, r.decisive!.agent)).toBe("suspect");
  });
});
