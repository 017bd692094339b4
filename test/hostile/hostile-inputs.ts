/**
 * Generators for the hostile inputs of the 2026-12-01 security review (F-2, F-4, F-8), used by
 * the integration tests and by hand (`npx tsx test/hostile/hostile-inputs.ts <name> > file`).
 * Each is built in memory by the test, never committed.
 */
const TRACE_ID = "0123456789abcdef0123456789abcdef";

/** A protobuf base-128 varint. */
function varint(x: number): Buffer {
  const o: number[] = [];
  while (x > 127) {
    o.push((x & 127) | 128);
    x = Math.floor(x / 128);
  }
  o.push(x);
  return Buffer.from(o);
}

export const hostileInputs = {
  /** F-4a: k spans sharing one span id (each re-probed id#2..id#k before the fix). */
  duplicateSpanIds: (n = 40_000) => {
    const spans = [];
    for (let i = 0; i < n; i++) spans.push({ traceId: TRACE_ID, spanId: "00000000000000aa", name: "n" + i });
    return JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
  },
  /** F-4b: a chat speaker name of many spaces (ReDoS in the speaker parser). */
  speakerSpaces: (n = 160_000) =>
    JSON.stringify({
      messages: [
        { name: "a" + " ".repeat(n) + "x", role: "assistant", content: "hi" },
        { name: "b", role: "assistant", content: "yo" },
      ],
    }),
  /** F-4c: a tool output of many newlines (ReDoS in the empty-output detector). */
  toolNewlines: (n = 320_000) => {
    const big = "x" + "\n".repeat(n) + "x";
    return JSON.stringify({
      schema: "culprit.trace/v1",
      run: { title: "nl", outcome: "failure" },
      agents: [{ name: "A" }, { name: "T" }],
      steps: [
        { id: "s1", agent: "A", kind: "tool_call", content: "call", tool: { name: "x" } },
        { id: "s2", agent: "T", kind: "tool_result", content: big, tool: { name: "x", result: big } },
        { id: "s3", agent: "A", kind: "final", content: "done" },
      ],
    });
  },
  /** F-4d: every step's content is 20k newlines (the observation marker regex). */
  stepNewlines: (steps = 200) =>
    JSON.stringify({
      schema: "culprit.trace/v1",
      run: { title: "step-nl", outcome: "failure" },
      agents: [{ name: "A" }, { name: "B" }],
      steps: Array.from({ length: steps }, (_, i) => ({
        id: "s" + i,
        agent: i % 2 ? "A" : "B",
        kind: "message",
        content: "\n".repeat(20_000) + i,
      })),
    }),
  /** F-4e: n voting agents, each with an error step, aggregated into one majority vote. */
  voteAggregator: (n = 400) => {
    const agents = [{ name: "agg" }];
    const steps: object[] = [];
    const edges: object[] = [];
    for (let i = 0; i < n; i++) {
      agents.push({ name: "a" + i });
      steps.push({
        id: "s" + i,
        agent: "a" + i,
        kind: "tool_result",
        content: "Error: failed " + i,
        status: "error",
        error: { message: "boom " + i },
        tool: { name: "t", result: "Traceback: error" },
      });
      edges.push({ from: "s" + i, to: "final", kind: "aggregation", evidence: "x", confidence: 1 });
    }
    steps.push({
      id: "final",
      agent: "agg",
      kind: "aggregate",
      name: "majority vote",
      content: "final answer 42",
      attributes: { aggregator: "vote" },
    });
    return JSON.stringify({
      schema: "culprit.trace/v1",
      run: { title: "vote-" + n, outcome: "failure", groundTruth: "7" },
      agents,
      steps,
      edges,
    });
  },
  /** F-2: OTLP/JSON of empty spans (`{}`), `mb` megabytes. */
  emptySpansJson: (mb = 40) => {
    const n = Math.floor((mb * 1048576) / 3);
    return '{"resourceSpans":[{"scopeSpans":[{"spans":[' + Array(n).fill("{}").join(",") + "]}]}]}";
  },
  /** F-2: OTLP/protobuf of empty spans (2 bytes each on the wire, ~113x that in decoded heap). */
  emptySpansProtobuf: (mb = 45): Uint8Array => {
    const n = Math.floor((mb * 1048576) / 2);
    const spans = Buffer.alloc(n * 2);
    for (let i = 0; i < n; i++) spans[2 * i] = 0x12;
    const scopeSpans = Buffer.concat([Buffer.from([0x12]), varint(spans.length), spans]);
    return new Uint8Array(Buffer.concat([Buffer.from([0x0a]), varint(scopeSpans.length), scopeSpans]));
  },
  /** H-2: one span with `n` empty attributes (2 bytes each on the wire): the 2026-12-02 review's 20 MB bomb. */
  attributeBombProtobuf: (n = 10_000_000): Uint8Array => {
    const ld = (field: number, body: Buffer) => Buffer.concat([varint((field << 3) | 2), varint(body.length), body]);
    const attrs = Buffer.alloc(2 * n);
    for (let i = 0; i < n; i++) attrs[2 * i] = 0x4a; // field 9 (attributes), length 0
    const span = Buffer.concat([
      ld(1, Buffer.from("0123456789abcdef0123456789abcdef", "hex")),
      ld(2, Buffer.from("00000000000000aa", "hex")),
      attrs,
    ]);
    return new Uint8Array(ld(1, ld(2, ld(2, span))));
  },
  /** M-2: empty spans under an escaped key (`"sp\u0061ns"` parses to "spans"), `mb` megabytes. */
  escapedKeySpansJson: (mb = 40) => {
    const n = Math.floor((mb * 1048576) / 3);
    return '{"resourceSpans":[{"scopeSpans":[{"sp\\u0061ns":[' + Array(n).fill("{}").join(",") + "]}]}]}";
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const name = process.argv[2] as keyof typeof hostileInputs;
  const out = hostileInputs[name]?.();
  if (out === undefined) {
    console.error(`usage: tsx test/hostile/hostile-inputs.ts <${Object.keys(hostileInputs).join("|")}>`);
    process.exit(2);
  }
  process.stdout.write(out);
}
