import { describe, expect, it } from "vitest";
import { parsePythonRepr, pyDatetimeToIso, PY_ARGS, PY_CLASS } from "./parse-python-repr";

describe("parsePythonRepr", () => {
  it("reads literals, escapes and string prefixes as Python does", () => {
    expect(parsePythonRepr(`'it\\'s'`)).toBe("it's");
    expect(parsePythonRepr(`"a\\nb\\t\\\\c\\x41\\u00e9\\U0001F600"`)).toBe("a\nb\t\\cA\u00e9\u{1F600}");
    expect(parsePythonRepr(`r'\\d+'`)).toBe("\\d+");
    expect(parsePythonRepr(`'''three ' quotes'''`)).toBe("three ' quotes");
    expect(parsePythonRepr(`[1, -2.5, 1_000, None, True, False, (3,), (4), {'k': [1]}, {1, 2}]`)).toEqual([
      1,
      -2.5,
      1000,
      null,
      true,
      false,
      [3],
      4,
      { k: [1] },
      [1, 2],
    ]);
  });

  it("turns calls into objects with their class, without evaluating anything", () => {
    const v = parsePythonRepr(
      `TextMessage(source='WebSurfer', models_usage=RequestUsage(prompt_tokens=9, completion_tokens=3), content="it's done", type='TextMessage')`,
    );
    expect(v).toEqual({
      [PY_CLASS]: "TextMessage",
      source: "WebSurfer",
      models_usage: { [PY_CLASS]: "RequestUsage", prompt_tokens: 9, completion_tokens: 3 },
      content: "it's done",
      type: "TextMessage",
    });
    expect(parsePythonRepr(`__import__('os').system('x')`)).toBeUndefined(); // attribute access after a call is not a value
    expect(parsePythonRepr(`Image(<autogen_core._image.Image object at 0x7f>)`)).toEqual({
      [PY_CLASS]: "Image",
      [PY_ARGS]: ["<autogen_core._image.Image object at 0x7f>"],
    });
  });

  it("datetime.datetime(...) becomes an ISO time", () => {
    const v = parsePythonRepr(`datetime.datetime(2025, 8, 29, 12, 6, 56, 430177, tzinfo=datetime.timezone.utc)`);
    expect(pyDatetimeToIso(v ?? undefined)).toBe("2025-08-29T12:06:56.430Z");
  });

  it("rejects incomplete or trailing text", () => {
    for (const bad of [`'open`, `Foo(a=1`, `[1, 2`, `Foo(a=1) trailing`, `'line\nbreak'`, `"\\x4"`, ``])
      expect(parsePythonRepr(bad), bad).toBeUndefined();
  });

  it("is bounded: deep nesting is refused and long input is read in linear time", () => {
    expect(parsePythonRepr("[".repeat(100_000) + "]".repeat(100_000))).toBeUndefined();
    const long = `'${"x\\n".repeat(500_000)}'`;
    const t = performance.now();
    expect((parsePythonRepr(long) as string).length).toBe(1_000_000);
    // Linear takes milliseconds; a quadratic scan of 1M characters would take hours. The bound is
    // loose because this machine may be shared.
    expect(performance.now() - t).toBeLessThan(20_000);
    expect(parsePythonRepr(`[${"1,".repeat(300_000)}]`)).toBeUndefined(); // over the value budget
  }, 60_000);
});
