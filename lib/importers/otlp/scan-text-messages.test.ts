import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { NOT_SIMPLE, scanTextMessages } from "./scan-text-messages";
import { renderMessages } from "./render-messages";

/** The parse-and-render path: a parsed (non-string) value never takes the fast path. */
function reference(s: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(s);
  } catch {
    return s;
  }
  return renderMessages(parsed);
}

const textMessages = fc.array(
  fc.record({
    role: fc.oneof(fc.constantFrom("user", "assistant", ""), fc.string()),
    parts: fc.array(fc.record({ type: fc.constant("text"), content: fc.oneof(fc.string(), fc.constant("")) }), {
      maxLength: 3,
    }),
  }),
  { maxLength: 4 },
);

describe("scanTextMessages", () => {
  it("renders a compact text-message list exactly as parsing it does", () => {
    const s = JSON.stringify([
      { role: "user", parts: [{ type: "text", content: "hello there" }] },
      {
        role: "assistant",
        parts: [
          { type: "text", content: "a" },
          { type: "text", content: "b" },
        ],
      },
    ]);
    expect(scanTextMessages(s)).toBe("user: hello there\n\nassistant: a\nb");
    expect(scanTextMessages(s)).toBe(reference(s));
    expect(scanTextMessages("[]")).toBeUndefined();
    expect(scanTextMessages('[{"role":"","parts":[{"type":"text","content":""}]}]')).toBeUndefined();
  });

  it("declines anything it cannot read without parsing", () => {
    for (const s of [
      ' [{"role":"user","parts":[]}]',
      '[{"role":"user","parts":[{"type":"text","content":"a\\"b"}]}]',
      '[{"role":"user","parts":[{"type":"text","content":"a\nb"}]}]',
      '[{"role":"user","parts":[{"type":"tool_call","name":"x"}]}]',
      '[{"role":"user","parts":[{"type":"text","content":"a"}]}] ',
      '[{"role":"user","parts":[{"type":"text","content":"a"}]},]',
      '[{"role":"user","parts":[{"type":"text","content":"a"}],"x":1}]',
      '[{"role":"user","parts":[{"type":"text","content":"a"}]}',
      '{"role":"user","parts":[]}',
    ]) {
      expect(scanTextMessages(s), s).toBe(NOT_SIMPLE);
    }
  });

  it("agrees with parse-and-render on generated lists, and reads every escape-free one", () => {
    fc.assert(
      fc.property(textMessages, (messages) => {
        const s = JSON.stringify(messages);
        const fast = scanTextMessages(s);
        const plain = !/[\\\u0000-\u001f]/.test(s);
        if (plain) expect(fast).not.toBe(NOT_SIMPLE);
        if (fast !== NOT_SIMPLE) expect(fast).toBe(reference(s));
      }),
      { numRuns: 500 },
    );
  });

  it("never disagrees on arbitrary strings, including damaged lists", () => {
    const damaged = fc.tuple(textMessages, fc.nat(), fc.string({ maxLength: 2 })).map(([m, at, insert]) => {
      const s = JSON.stringify(m);
      const k = at % (s.length + 1);
      return s.slice(0, k) + insert + s.slice(k + insert.length);
    });
    fc.assert(
      fc.property(fc.oneof(damaged, fc.string()), (s) => {
        const fast = scanTextMessages(s);
        if (fast !== NOT_SIMPLE) expect(fast).toBe(reference(s));
      }),
      { numRuns: 1000 },
    );
  });
});
