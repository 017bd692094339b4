import { describe, expect, it } from "vitest";
import { detectRepetitionLoop } from "./repetition-loop";
import { buildGraph } from "../build-graph";
import { resolveConfig } from "../config";
import { ZTrace, type TTraceInput } from "../../trace/schema";

const repeated = (steps: TTraceInput["steps"]) => {
  const t = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
  });
  const config = resolveConfig();
  return detectRepetitionLoop({ g: buildGraph(t, config), config, failed: true }).map((h) => h.evidence.stepIds);
};

const REPORT = "Shipment 7731 left the Harwick depot on Tuesday with forty crates of copper fittings aboard.";
const RESULT = "Shipment 7731: departed Harwick depot Tuesday, 40 crates, copper fittings, carrier Lindqvist.";

describe("repetition loops", () => {
  it("takes no wrapper's output for a repeat: it returns what its children produced", () => {
    const steps: TTraceInput["steps"] = [
      { id: "run", agent: "clerk", kind: "other", content: REPORT, attributes: { "culprit.relay": true } },
      { id: "gen", agent: "clerk", kind: "llm", parentId: "run", content: REPORT },
    ];
    expect(repeated(steps)).toEqual([]);
    // Near miss: the same two steps with no parent are a message said twice.
    expect(repeated(steps.map(({ parentId: _p, attributes: _a, ...s }) => s))).toEqual([["gen", "run"]]);
  });

  it("takes no message quoting a call's recorded result for a repeat of that call", () => {
    const call = { id: "c", agent: "clerk", kind: "tool_call" as const, content: RESULT };
    const quote = { id: "q", agent: "clerk", kind: "message" as const, content: RESULT };
    expect(repeated([{ ...call, tool: { name: "track", arguments: { id: 7731 }, result: RESULT } }, quote])).toEqual(
      [],
    );
    // Near misses: a call without a recorded result, and the same call made twice, still repeat.
    expect(repeated([{ ...call, tool: { name: "track", arguments: { id: 7731 } } }, quote])).toEqual([["q", "c"]]);
    const again = { ...call, id: "c2", tool: { name: "track", arguments: { id: 7731 }, result: RESULT } };
    expect(repeated([{ ...call, tool: { name: "track", arguments: { id: 7731 }, result: RESULT } }, again])).toEqual([
      ["c2", "c"],
    ]);
  });

  it("takes the same call that got something else back for a check, not a repeat", () => {
    const call = (id: string) => ({
      id,
      agent: "clerk",
      kind: "tool_call" as const,
      tool: { name: "list_dir", arguments: { path: "/srv/crates" } },
    });
    const out = (id: string, content: string) => ({ id, agent: "fs", kind: "tool_result" as const, content });
    const move = {
      id: "m",
      agent: "clerk",
      kind: "tool_call" as const,
      tool: { name: "move", arguments: { to: "b" } },
    };
    // Listed, moved, listed again to verify: the second listing shows the change.
    const verified = [
      call("c1"),
      out("o1", "crates_a.csv"),
      move,
      out("o2", "moved"),
      call("c2"),
      out("o3", "crates_b.csv"),
    ];
    expect(repeated(verified)).toEqual([]);
    // Near misses: the same listing back is a loop, and so is a call whose first result is not known.
    const same = [
      call("c1"),
      out("o1", "crates_a.csv"),
      move,
      out("o2", "moved"),
      call("c2"),
      out("o3", "crates_a.csv"),
    ];
    expect(repeated(same)).toEqual([["c2", "c1"]]);
    expect(repeated([call("c1"), move, call("c2"), out("o3", "crates_b.csv")])).toEqual([["c2", "c1"]]);
    // A result the call carries counts as what it got back.
    const carried = (id: string, result: string) => ({ ...call(id), tool: { ...call(id).tool, result } });
    expect(repeated([carried("c1", "crates_a.csv"), move, carried("c2", "crates_b.csv")])).toEqual([]);
    expect(repeated([carried("c1", "crates_a.csv"), move, carried("c2", "crates_a.csv")])).toEqual([["c2", "c1"]]);
  });
});

const FRAME = [
  "Please review the warehouse tally program below against the dock manager's request.",
  "Check that every crate on the manifest is counted once, that damaged crates are set apart,",
  "and that the nightly report lists the carrier, the bay and the seal number for each load.",
  "Reply with one comment of the highest priority, or with the word APPROVED.",
].join("\n");
const v1 =
  "tally.py\n```python\ndef tally(manifest):\n    total_crates = count_crates(manifest)\n    return total_crates\n```";
const v2 =
  "tally.py\n```python\ndef tally(manifest):\n    total_crates = count_crates(manifest, skip_damaged=True)\n    return total_crates\n```";
const step = (id: string, agent: string, content: string) => ({ id, agent, kind: "message" as const, content });

describe("a near-repeat whose new lines come from the steps in between relays news", () => {
  it("a review request re-sent around the revised code is no loop", () => {
    const steps = [
      step("r1", "Lead", `${FRAME}\n${v1}`),
      step("c2", "Coder", `Revised as asked:\n${v2}`),
      step("r2", "Lead", `${FRAME}\n${v2}`),
    ];
    expect(repeated(steps)).toEqual([]);
  });
  it("near miss: the same request sent again with nothing new is a repeat", () => {
    const steps = [
      step("r1", "Lead", `${FRAME}\n${v1}`),
      step("c2", "Coder", `Revised as asked:\n${v2}`),
      step("r2", "Lead", `${FRAME}\n${v1}`),
    ];
    expect(repeated(steps)).toEqual([["r2", "r1"]]);
  });
  it("near miss: a new line no step in between wrote is the speaker's own, and the rest repeats", () => {
    const steps = [
      step("r1", "Lead", `${FRAME}\n${v1}`),
      step("c2", "Coder", "I could not change it this time."),
      step("r2", "Lead", `${FRAME}\nSkip damaged.\n${v1}`),
    ];
    expect(repeated(steps)).toEqual([["r2", "r1"]]);
  });
});

describe("a code message with a line added, removed or changed is a revision", () => {
  const code = (lines: string[], framing = "Here is the updated tide table module:") => ({
    agent: "coder",
    kind: "message" as const,
    content: `${framing}\n\ntides.py\n\`\`\`python\n${lines.join("\n")}\n\`\`\`\n\nPlease review the module above.`,
  });
  const BASE = [
    "import csv",
    "from datetime import date",
    "",
    "def load_tides(path):",
    "    with open(path) as f:",
    "        rows = list(csv.DictReader(f))",
    "    return [r for r in rows if r['harbour'] == 'Avel']",
    "",
    "def high_water(rows):",
    "    return max(float(r['height']) for r in rows)",
  ];

  it("is no repeat, however many of its words the two messages share", () => {
    const changed = BASE.map((l) => l.replace("== 'Avel'", "in ('Avel', 'Brin')"));
    expect(
      repeated([
        { id: "m1", ...code(BASE) },
        { id: "m2", ...code(changed) },
      ]),
    ).toEqual([]);
    const added = [...BASE.slice(0, 2), "import math", ...BASE.slice(2)];
    expect(
      repeated([
        { id: "m1", ...code(BASE) },
        { id: "m2", ...code(added) },
      ]),
    ).toEqual([]);
  });

  const files = (blocks: [name: string, lines: string[]][], tail = "Please review the modules above.") => ({
    agent: "coder",
    kind: "message" as const,
    content: `Here are the modules:\n\n${blocks.map(([n, l]) => `${n}\n\`\`\`python\n${l.join("\n")}\n\`\`\``).join("\n\n")}\n\n${tail}`,
  });
  const REPORT = [
    "from tides import load_tides, high_water",
    "def summary(path):",
    "    return high_water(load_tides(path))",
  ];

  it("is no repeat when a line another file already has is added to a second file", () => {
    const importing = [REPORT[0], "from datetime import date", ...REPORT.slice(1)];
    expect(
      repeated([
        {
          id: "m1",
          ...files([
            ["tides.py", BASE],
            ["report.py", REPORT],
          ]),
        },
        {
          id: "m2",
          ...files([
            ["tides.py", BASE],
            ["report.py", importing],
          ]),
        },
      ]),
    ).toEqual([]);
  });

  it("is no repeat when a line moves within its file", () => {
    const moved = [...BASE.slice(0, 8), BASE[9], BASE[8]];
    expect(
      repeated([
        { id: "m1", ...code(BASE) },
        { id: "m2", ...code(moved) },
      ]),
    ).toEqual([]);
  });

  it("near miss: a file pasted again, whole or cut short, adds no code: the message repeats", () => {
    const twice = files([
      ["tides.py", BASE],
      ["report.py", REPORT],
      ["report.py", REPORT],
    ]);
    const once = files([
      ["tides.py", BASE],
      ["report.py", REPORT],
    ]);
    expect(
      repeated([
        { id: "m1", ...twice },
        { id: "m2", ...once },
      ]),
    ).toEqual([["m2", "m1"]]);
    // The last file again, cut off in mid-line with no closing fence, as a log truncates a long message.
    const cut = `${once.content}\n\nreport.py\n\`\`\`python\n${REPORT.slice(0, 2).join("\n")}\n    return high_wa`;
    expect(
      repeated([
        { id: "m1", ...once },
        { id: "m2", ...once, content: cut },
      ]),
    ).toEqual([["m2", "m1"]]);
  });

  it("near misses: the same code re-sent, reframed, with a comment or a brace added, repeats", () => {
    expect(
      repeated([
        { id: "m1", ...code(BASE) },
        { id: "m2", ...code(BASE) },
      ]),
    ).toEqual([["m2", "m1"]]);
    expect(
      repeated([
        { id: "m1", ...code(BASE) },
        { id: "m2", ...code([...BASE, "# rows"]) },
      ]),
    ).toEqual([["m2", "m1"]]);
    const reclosed = code(BASE).content.replace("Please review the module above.", "Please check the module above.");
    expect(
      repeated([
        { id: "m1", ...code(BASE) },
        { id: "m2", ...code(BASE), content: reclosed },
      ]),
    ).toEqual([["m2", "m1"]]);
    expect(
      repeated([
        { id: "m1", ...code(BASE) },
        { id: "m2", ...code(BASE, "Here is the updated tide table module again:") },
      ]),
    ).toEqual([["m2", "m1"]]);
    expect(
      repeated([
        { id: "m1", ...code(BASE) },
        { id: "m2", ...code([...BASE, "}"]) },
      ]),
    ).toEqual([["m2", "m1"]]);
  });
});
