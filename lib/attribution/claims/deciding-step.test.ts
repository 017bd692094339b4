/**
 * A deciding step that goes against what it was given (deciding-step.ts): a judge, a vote counter or
 * a merging manager, named for its own ruling, and the near misses where the ruling is a fair pick,
 * a relay of one input's error, or a working from the inputs.
 */
import { describe, expect, it } from "vitest";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { type TTraceInput } from "../../trace/schema";
import { analyzeTrace } from "../analyze-trace";
import { failedRun } from "../test-graphs";
import { buildProvenance } from "./provenance";
import { findDecidingIssues } from "./deciding-step";
import { statedPosition, statedTally } from "./stated-position";

type Step = TTraceInput["steps"][number];

const trace = failedRun;

/** A panelist looks the question up (when `result` is given), then states `says`. */
function panelist(name: string, says: string, result?: string): Step[] {
  const look: Step[] = result
    ? [
        {
          id: `${name}-look`,
          agent: name,
          kind: "tool_call",
          tool: { name: "berth_registry", arguments: { vessel: "Marlin IV" }, result },
        },
      ]
    : [];
  return [...look, { id: `${name}-says`, agent: name, kind: "message", content: says }];
}

const TASK = "Which berth is the cargo ship Marlin IV assigned to this week?";

function panel(speeches: Step[][], ruling: string) {
  return trace(TASK, [
    { id: "open", agent: "Chair", kind: "message", content: "Each of you, look it up and state your position." },
    ...speeches.flat(),
    { id: "rule", agent: "Chair", kind: "final", content: ruling },
  ]);
}

function findings(t: ReturnType<typeof trace>) {
  const g = buildGraph(t, resolveConfig({}));
  return findDecidingIssues(g, buildProvenance(g)).map((f) => ({ ...f, stepId: g.steps[f.step].id }));
}

describe("reading a stated position and a tally", () => {
  it("reads a ruling, a vote and a value set off at the start; not a statement about another speaker", () => {
    expect(statedPosition("Ruling: Quay Seven. The session is closed.")?.value).toBe("e:quay seven");
    expect(statedPosition("We vote for (C) after the second round.")?.value).toBe("o:c");
    expect(statedPosition("No — the permit lapsed in spring.")?.value).toBe("y:no");
    expect(statedPosition("Osprey's position is Quay Two. I side with Quay Five.")?.value).toBe("e:quay five");
    expect(statedPosition("Quay Two handles most of the tankers.")).toBeNull();
    expect(statedPosition("My vote: blue whale, by a wide margin.")?.value).toBe("w:blue whale");
    expect(statedPosition("Decision: we should look again.")).toBeNull();
  });

  it("reads counts per value, before or after the count", () => {
    const t = statedTally("Tally: Birch 2 votes, Cedar: 1 vote; 0 votes for Larch.");
    expect(t.map((c) => [c.value.value, c.count])).toEqual([
      ["e:birch", 2],
      ["e:cedar", 1],
      ["e:larch", 0],
    ]);
  });
});

describe("a judge that rules against what it was given", () => {
  it("a ruling for a value no panelist proposed and no source holds names the judge", () => {
    const t = panel(
      [
        panelist(
          "Osprey",
          "My position: Quay Two. The registry lists it.",
          '{"vessel": "Marlin IV", "berth": "Quay Two"}',
        ),
        panelist("Kestrel", "I propose Quay Five; the harbour notice moved it there."),
      ],
      "Verdict: Quay Nine.",
    );
    const [f] = findings(t);
    expect(f?.name).toBe("unfounded-ruling");
    expect(f?.stepId).toBe("rule");
    const r = analyzeTrace(t);
    expect(r.decisive?.agent).toBe("Chair");
    expect(r.decisive?.stepId).toBe("rule");
  });

  it("overruling three agreeing panelists whose value a lookup shows is an established finding on the judge", () => {
    const shown = '{"vessel": "Marlin IV", "berth": "Quay Seven"}';
    const t = panel(
      [
        panelist("Osprey", "Quay Seven — the registry shows it.", shown),
        panelist("Kestrel", "My position: Quay Seven.", shown),
        panelist("Heron", "I put forward Quay Seven, as the lookup says.", shown),
      ],
      "I rule for Quay Three; it is the better-supported berth.",
    );
    const [f] = findings(t);
    expect(f?.name).toBe("overruled-consensus");
    expect(f?.stepId).toBe("rule");
    const r = analyzeTrace(t);
    expect(r.decisive?.agent).toBe("Chair");
    expect(r.reasons?.some((x) => x.feature === "det:overruled-consensus")).toBe(true);
  });

  it("a yes/no ruling against unanimous panelists is flagged, though yes/no cannot be traced to a source", () => {
    const t = trace("Is the Larkspur footbridge open to cyclists? Answer yes or no.", [
      { id: "a", agent: "Wren", kind: "message", content: "No. The council closed it to bicycles in March." },
      { id: "b", agent: "Finch", kind: "message", content: "My position: No." },
      { id: "c", agent: "Arbiter", kind: "final", content: "Decision: Yes." },
    ]);
    expect(findings(t).map((f) => [f.name, f.stepId])).toEqual([["unfounded-ruling", "c"]]);
    expect(analyzeTrace(t).decisive?.agent).toBe("Arbiter");
  });
});

describe("answers written in lowercase", () => {
  it("a ruling for a lowercase value none of the panelists gave names the judge", () => {
    const t = trace("Which glaze gives the Harrow kiln's blue finish?", [
      { id: "a", agent: "Potter", kind: "message", content: "My answer: cobalt carbonate. The recipe card lists it." },
      { id: "b", agent: "Glazer", kind: "message", content: "My answer: cobalt carbonate." },
      { id: "c", agent: "Warden", kind: "final", content: "Ruling: copper oxide." },
    ]);
    expect(findings(t).map((f) => [f.name, f.stepId])).toEqual([["unfounded-ruling", "c"]]);
  });
});

describe("a judge that speaks once, at the close", () => {
  const look = '{"site": "Pine Hollow", "filter_set": "Sloan ugriz"}';
  const judged = (ruling: string) =>
    trace("What is the primary filter set of Pine Hollow?", [
      ...panelist("Tarn", "My position: Sloan ugriz. That is what the source shows.", look),
      ...panelist("Opal", "My position: Sloan ugriz. I am confident in it.", look),
      { id: "rule", agent: "Lumen", kind: "final", content: ruling },
    ]);

  it("states an answer cased any way after 'the answer is', so it decides the run and is blamed for overruling", () => {
    const t = judged("Having heard both sides, the answer is narrowband H-alpha.");
    expect(findings(t).map((f) => [f.name, f.stepId])).toEqual([["overruled-consensus", "rule"]]);
    expect(analyzeTrace(t).decisive?.agent).toBe("Lumen");
  });

  it("near miss: the answer both panelists gave, or a clause after 'the answer is', overrules no one", () => {
    expect(findings(judged("Having heard both sides, the answer is Sloan ugriz."))).toEqual([]);
    expect(findings(judged("Having heard both sides, the answer is in the Pine Hollow log."))).toEqual([]);
  });
});

describe("a manager that merges its searchers' answers", () => {
  it("handing out each search in turn does not hide the earlier answers: a value no searcher found names the manager", () => {
    const found = '{"observatory": "Sable Ridge", "director": "Ines Okonkwo"}';
    const search = (who: string): Step[] => [
      {
        id: `${who}-ask`,
        agent: "Lead",
        kind: "message",
        content: `${who}, please look up the director of Sable Ridge.`,
      },
      {
        id: `${who}-look`,
        agent: who,
        kind: "tool_call",
        tool: { name: "staff_search", arguments: { site: "Sable Ridge" }, result: found },
      },
      { id: `${who}-says`, agent: who, kind: "message", content: "The answer is Ines Okonkwo." },
    ];
    const t = trace("Who directs the Sable Ridge observatory?", [
      ...search("Scout"),
      ...search("Seeker"),
      { id: "merge", agent: "Lead", kind: "final", content: "Final answer: Tomas Lindqvist." },
    ]);
    expect(findings(t).map((f) => [f.name, f.stepId])).toEqual([["overruled-consensus", "merge"]]);
    expect(analyzeTrace(t).decisive?.agent).toBe("Lead");
  });
});

describe("a vote counter that misreports the tally", () => {
  const ballot = (counted: string) =>
    trace("Which tree species should the park plant along the east path?", [
      { id: "v1", agent: "Ana", kind: "message", content: "I vote for Cedar." },
      { id: "v2", agent: "Bo", kind: "message", content: "I vote for Cedar, it copes with the wind." },
      { id: "v3", agent: "Cy", kind: "message", content: "I vote for Birch." },
      { id: "count", agent: "Teller", kind: "final", content: counted },
    ]);

  it("a count that turns the minority into the winner names the teller", () => {
    const t = ballot("Tally: Birch 2 votes, Cedar 1 vote. The winner is Birch.");
    expect(findings(t).map((f) => [f.name, f.stepId])).toEqual([["misreported-tally", "count"]]);
    expect(analyzeTrace(t).decisive?.agent).toBe("Teller");
  });

  it("near miss: a teller whose words are not read as a ruling leaves the voters alone", () => {
    const t = trace("Which tree species should the park plant along the west path?", [
      { id: "v1", agent: "Ana", kind: "message", content: "I vote for Red Cedar." },
      { id: "v2", agent: "Bo", kind: "message", content: "I vote for Red Cedar as well." },
      { id: "v3", agent: "Cy", kind: "message", content: "I vote for Silver Birch." },
      { id: "count", agent: "Teller", kind: "final", content: "So it is Silver Birch for the west path, thanks all." },
    ]);
    expect(findings(t)).toEqual([]);
  });

  it("a tally that states no pick rules for its highest count", () => {
    const t = ballot("Votes so far: Birch 2 votes; Cedar 1 vote.");
    expect(findings(t).map((f) => [f.name, f.stepId])).toEqual([["misreported-tally", "count"]]);
  });

  it("near miss: a true count, or a slip in the count that does not change the winner, is no finding", () => {
    expect(findings(ballot("Tally: Cedar 2 votes, Birch 1 vote. The winner is Cedar."))).toEqual([]);
    expect(findings(ballot("Tally: Cedar 3 votes, Birch 1 vote. The winner is Cedar."))).toEqual([]);
  });
});

describe("a vote the harness counts", () => {
  const votes = [
    { id: "v1", agent: "Ana", kind: "message" as const, content: "I vote for Cedar." },
    { id: "v2", agent: "Bo", kind: "message" as const, content: "I vote for Cedar, it copes with the wind." },
    { id: "v3", agent: "Cy", kind: "message" as const, content: "I vote for Birch." },
  ];
  const TREES = "Which tree species should the park plant along the north path?";

  it("the last vote is the ruling when nobody counts after it", () => {
    expect(findings(trace(TREES, votes)).map((f) => [f.name, f.stepId])).toEqual([["unfounded-ruling", "v3"]]);
  });

  it("near miss: the harness announcing the count after the last vote leaves every voter a voter", () => {
    const counted = trace(TREES, [
      ...votes,
      { id: "count", agent: "Chair", kind: "message", content: "Majority answer: Birch" },
    ]);
    const t = {
      ...counted,
      agents: counted.agents.map((a) => (a.name === "Chair" ? { ...a, kind: "task_giver" as const } : a)),
    };
    expect(findings(t)).toEqual([]);
  });
});

describe("near misses: a ruling that is the judge's to make, or not the judge's error", () => {
  it("a judge that picks one of two disagreeing answers has no finding", () => {
    const t = panel(
      [panelist("Osprey", "My position: Quay Two."), panelist("Kestrel", "My position: Quay Five.")],
      "Verdict: Quay Five.",
    );
    expect(findings(t)).toEqual([]);
  });

  it("a judge that adopts a value one panelist invented is a relay: the panelist is named", () => {
    const t = trace("How many containers will the Marlin IV unload at the east quay?", [
      { id: "a", agent: "Osprey", kind: "message", content: "My position: 150. I am confident in it." },
      {
        id: "b-look",
        agent: "Kestrel",
        kind: "tool_call",
        tool: { name: "manifest", arguments: { vessel: "Marlin IV" }, result: '{"vessel": "Marlin IV", "east": 120}' },
      },
      { id: "b", agent: "Kestrel", kind: "message", content: "My position: 120, per the manifest." },
      { id: "c", agent: "Chair", kind: "final", content: "Verdict: 150." },
    ]);
    expect(findings(t)).toEqual([]);
    const r = analyzeTrace(t);
    expect(r.decisive?.agent).toBe("Osprey");
  });

  it("a different number the judge computes from the inputs in a stated working has no finding", () => {
    const t = trace("How many containers will the Marlin IV unload at the east quay?", [
      { id: "a", agent: "Osprey", kind: "message", content: "My position: 40." },
      { id: "b", agent: "Kestrel", kind: "message", content: "My position: 44." },
      { id: "c", agent: "Chair", kind: "final", content: "Averaging both: (40 + 44) / 2 = 42. Decision: 42." },
    ]);
    expect(findings(t)).toEqual([]);
  });
});
