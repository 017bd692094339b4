/**
 * Evidence from content only, on every real trace fixture: the values a report cites (in its
 * detector findings) are things a step said, never pieces of ids, timestamps or usage counts, and
 * the message text importers hand the engine carries no metadata fields of the framework's
 * message objects (ids, usage, response metadata).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../attribution/analyze-trace";
import { stepText } from "../attribution/build-graph";
import { importTraces } from "./index";
import type { TStep } from "../trace/schema";
import { contentText } from "./content-text";

const DIRS = ["test/fixtures/real", "test/fixtures/synthetic", "lib/importers/fixtures"];

function files(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir).sort()) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(json|jsonl|txt|log)$/.test(p)) out.push(p);
  }
  return out;
}

/** Metadata fields of framework message objects, as they appear in a repr or JSON dump. */
const METADATA_NAMES = ["response_metadata", "usage_metadata", "additional_kwargs", "system_fingerprint"].join("|");
const METADATA_FIELD = new RegExp(`\\b(?:${METADATA_NAMES})\\b\\s*['"]?\\s*[=:]`);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const DATETIME = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?/g;
/** Tokens mixing letters and digits three or more times (`call_kW83…`, `fp_0787…`, `gpt-4o-2024-08-06`). */
const SWITCH = String.raw`(?:[A-Za-z][_-]?\d|\d[_-]?[A-Za-z])`;
const ID_TOKEN = new RegExp(`[A-Za-z0-9_-]*${SWITCH}[A-Za-z0-9_-]*${SWITCH}[A-Za-z0-9_-]*`, "g");
const METER_KEY = /["']?(?:id|created|timestamp|[a-z_]*tokens|[a-z]+_id|[a-z]+_at)["']?\s*[:=]\s*["']?$/;

/** Spans of `text` that are ids, timestamps or meter fields (found independently of the engine's guard). */
function identifierSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const re of [UUID, DATETIME, ID_TOKEN]) {
    for (const m of text.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

/** Whether some occurrence of `value` in `raw` is a stated value (not in an identifier span, not after a meter key). */
function statedSomewhere(raw: string, value: string): boolean {
  const text = raw.replace(/(\d),(?=\d{3})/g, "$1"); // "176,000" is cited as 176000
  const spans = identifierSpans(text);
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    const end = at + value.length;
    const inside = spans.some(([a, b]) => a <= at && end <= b);
    if (!inside && !METER_KEY.test(text.slice(Math.max(0, at - 30), at))) return true;
  }
  return false;
}

/** The values a finding cites: "states 216, 93", "introduces 2005", "is 0.7, but … established 12". */
function citedValues(note: string, stepIds: string[]): string[] {
  // Counters of the finding itself ("(3 repetitions by this agent)", "covers 4% of") are not cited values.
  let text = note.replace(/\(\d+ repetitions?[^)]*\)|covers \d+% of/g, " ");
  for (const id of stepIds) text = text.split(id).join(" ");
  return [...text.matchAll(/(?<![\w.-])-?\d[\d,]*(?:\.\d+)?(?:-\d{2}-\d{2})?/g)].map((m) => m[0].replace(/,/g, ""));
}

describe("evidence from content only, on the real trace fixtures", () => {
  for (const dir of DIRS)
    for (const file of files(dir))
      it(`${file}: cites no id, timestamp or usage count`, () => {
        let traces: ReturnType<typeof importTraces>;
        try {
          traces = importTraces(readFileSync(file, "utf8"), { fileName: path.basename(file) });
        } catch {
          return; // not a trace file (a label file, a console log of another format)
        }
        const bad: string[] = [];
        for (const { trace } of traces) {
          for (const s of trace.steps) if (METADATA_FIELD.test(s.content)) bad.push(`${s.id} keeps message metadata`);
          // What a step said includes the arguments of the call it made.
          const said = (s: TStep) => `${stepText(s)}\n${JSON.stringify(s.tool?.arguments ?? "")}`;
          const texts = new Map(trace.steps.map((s) => [s.id, said(s)]));
          const all = [trace.run.task ?? "", ...texts.values()].join("\n");
          for (const step of analyzeTrace(trace).steps)
            for (const d of step.detectors) {
              const ids = trace.steps.map((s) => s.id);
              for (const v of citedValues(d.evidence.note, ids)) {
                const own = texts.get(step.stepId) ?? "";
                const stated = statedSomewhere(own, v) || statedSomewhere(all, v);
                if (!stated) bad.push(`${step.stepId} ${d.name} cites ${v}`);
              }
            }
        }
        expect(bad).toEqual([]);
      }, 60_000);
});

describe("content text", () => {
  it("keeps an empty list or object a tool returned as written: an answer, not a blank", () => {
    expect(contentText("[]", true)).toBe("[]");
    expect(contentText(" {} ", true)).toBe("{}");
    expect(contentText('{"ferries": [], "day": "2024-08-03"}', true)).toBe("ferries: []\nday: 2024-08-03");
    expect(contentText("[]")).toBe("[]");
  });

  it("imports a chat tool message whose content is [] as that answer, and no failed call", () => {
    const messages = [
      { role: "system", content: "You book ferries." },
      { role: "user", content: "Any ferry from Oban on 2024-08-03?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_a1",
            type: "function",
            function: { name: "search_ferries", arguments: '{"from":"Oban","day":"2024-08-03"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_a1", name: "search_ferries", content: "[]" },
      { role: "assistant", content: "There are no ferries from Oban that day." },
    ];
    const [imported] = importTraces(JSON.stringify({ messages }), { fileName: "ferry.json" });
    const result = imported.trace.steps.find((s) => s.kind === "tool_result");
    expect(result?.content).toBe("[]");
    const report = analyzeTrace({ ...imported.trace, run: { ...imported.trace.run, outcome: "failure" } });
    const notes = report.steps.flatMap((s) => s.detectors.map((d) => d.evidence.note));
    expect(notes.filter((n) => /returned nothing/.test(n))).toEqual([]);
  });

  it("near miss: an envelope's empty side fields stay out of a message's text", () => {
    const raw = JSON.stringify({ role: "assistant", content: "No ferries that day.", tags: [], extra: {} });
    expect(contentText(raw)).toBe("assistant: No ferries that day.");
    expect(contentText(JSON.stringify({ output: "done", tags: [] }))).toBe("done");
  });

  it("unwraps a JSON chat completion to its message, without id, created or usage", () => {
    const raw = JSON.stringify({
      id: "chatcmpl-9f2c1a7b",
      object: "chat.completion",
      created: 1718900000,
      model: "gpt-4o-2024-08-06",
      choices: [{ index: 0, message: { role: "assistant", content: "The total is 155." }, finish_reason: "stop" }],
      usage: { prompt_tokens: 120, completion_tokens: 9, total_tokens: 129 },
    });
    expect(contentText(raw)).toBe("assistant: The total is 155.");
  });

  it("renders a Python message repr to its content and tool calls", () => {
    const raw =
      "AIMessage(content='Searching.', additional_kwargs={}, response_metadata={'model_name': 'gpt-4o-2024-08-06'}, " +
      "id='run--43f26039-89ca-4b3c-9d67-eabbdf16311d', " +
      "tool_calls=[{'name': 'search', 'args': {'q': 'penguins'}, 'id': 'call_1'}], " +
      "usage_metadata={'input_tokens': 120, 'output_tokens': 9})";
    expect(contentText(raw)).toBe("Searching.\n[tool call search] q: penguins");
  });

  it("renders pydantic fields and nested JSON strings, keeping their content", () => {
    const raw = `tool='search' tool_input={'q': 'latest trends'} log='Invoking search' tool_call_id='call_kW83'`;
    expect(contentText(raw)).toBe("tool: search\nq: latest trends\nlog: Invoking search");
    expect(contentText(JSON.stringify(JSON.stringify({ output: "done", run_id: "7f3e" })))).toBe("done");
  });

  it("keeps the records a tool's result names, not the ids around the call", () => {
    const raw = JSON.stringify({
      order_id: "#W2041",
      item_ids: ["4471203312", "8803"],
      tracking_id: ["55012"],
      status: "delivered",
      request_id: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
      trace_id: "a3f91c0b7e",
      created_at: "2024-05-01T12:00:00Z",
      id: "7",
    });
    // The record's own date stays too: an agent quotes when the order was placed.
    expect(contentText(raw, true)).toBe(
      "order_id: #W2041\nitem_ids: 4471203312\nitem_ids: 8803\ntracking_id: 55012\nstatus: delivered\ncreated_at: 2024-05-01T12:00:00Z",
    );
    // The same fields anywhere else only identify: a message's envelope, a span's attributes.
    expect(contentText(raw)).toBe("status: delivered");
  });

  it("keeps the names of the records a tool's result lists by name, and their named ids", () => {
    const raw = JSON.stringify({
      name: { first_name: "Ana" },
      payment_methods: {
        gift_card_5550001: { source: "gift_card", amount: 120, id: "gift_card_5550001" },
        call_kW83onhu7Qx: { source: "voucher", id: "call_kW83onhu7Qx" },
      },
      rows: [{ id: 48213, label: "spare" }],
    });
    expect(contentText(raw, true)).toBe(
      "first_name: Ana\ngift_card_5550001:\nsource: gift_card\namount: 120\nid: gift_card_5550001\nsource: voucher\nlabel: spare",
    );
    // Near misses: a field's name (no digit), a tracing id and a row number stay out, as they do
    // everywhere outside a tool's result.
    expect(contentText(raw)).toBe("first_name: Ana\nsource: gift_card\namount: 120\nsource: voucher\nlabel: spare");
  });

  it("keeps a time field of a tool's record only when it holds a written date", () => {
    const record = (createdAt: unknown) =>
      JSON.stringify({ booking: "QX7", created_at: createdAt, start_time: 1714564800 });
    expect(contentText(record("2023-11-02T07:48:26"), true)).toBe("booking: QX7\ncreated_at: 2023-11-02T07:48:26");
    expect(contentText(record("2023-11-02"), true)).toBe("booking: QX7\ncreated_at: 2023-11-02");
    // Near misses: an epoch count, a date inside other words, and the same field outside a tool's result.
    expect(contentText(record(1698911306), true)).toBe("booking: QX7");
    expect(contentText(record("about 2023-11-02"), true)).toBe("booking: QX7");
    expect(contentText(record("2023-11-02T07:48:26"))).toBe("booking: QX7");
  });

  it("leaves prose and code as they are", () => {
    const texts = ["The total is 155.", "print(sum([1, 2]))", "x = 5 and y = 6", "[1] see the footnote", "{not json"];
    for (const text of texts) expect(contentText(text)).toBe(text);
  });
});
