import { describe, expect, it } from "vitest";
import { observationOffset } from "./chat/observation-marks";
import { memoryToolAccess } from "./state-access";

// Security review M-2: two import-time regexes were quadratic in a run of separators or newlines
// (a 40k-character tool name cost 1 s; a 20k-character message 760 ms). Each input here is far
// larger and must take well under 500 ms (the old forms took seconds to minutes at these sizes); the results must stay what the regexes gave.
const timed = <T>(f: () => T): [T, number] => {
  const t = performance.now();
  const r = f();
  return [r, performance.now() - t];
};

describe("import-time text scans stay linear", () => {
  it("trims separators of a tool name of 200k characters", () => {
    const [access, ms] = timed(() => memoryToolAccess(`read${"_".repeat(100_000)}memory${"- .".repeat(33_000)}`, {}));
    expect(access?.key).toBe("memory");
    expect(ms).toBeLessThan(500);
    expect(memoryToolAccess("read_memory", {})?.key).toBe("memory");
    expect(memoryToolAccess("memory.write.", {})?.key).toBe("memory");
  });

  it("finds an observation marker after 20k blank lines quickly, and still at a line start", () => {
    const [none, ms] = timed(() => observationOffset(`${"\n".repeat(19_990)}x`));
    expect(none).toBeUndefined();
    expect(ms).toBeLessThan(500);
    expect(observationOffset("intro\n\n   exitcode: 0")).toBeDefined();
    expect(observationOffset("intro\n  Address: https://a.example/x")).toBeDefined();
  });
});
