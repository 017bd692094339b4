/**
 * A tool that computes in binary floats prints them in full (Python's 0.1 + 0.2 is
 * 0.30000000000000004); an agent quoting the amount writes it as it rounds ("$17.82"). The quote is
 * the tool's value, not a number from nowhere. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { extractNumbers, normalizeNumber } from "./text-features";
import { extractClaims } from "./claims/extract-claims";
import { ZTrace, type TTraceInput } from "../trace/schema";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { buildProvenance } from "./claims/provenance";

describe("a float printed with an exponent", () => {
  it("is the amount it stands for, in values and in claims", () => {
    expect(extractNumbers("Percentage of the total: 3e-05.")).toEqual(["0.00003"]);
    expect(extractNumbers("rate = 1.50e+10")).toEqual(["15000000000"]);
    expect(extractClaims("Percentage of the total: 3e-05.").map((c) => c.value)).toEqual(["n:0.00003"]);
    expect(normalizeNumber("0.00003")).toBe(normalizeNumber("3e-05"));
  });
  it("near miss: an unsigned exponent (a hex id's 12e4) and letters after it are not one", () => {
    expect(extractNumbers("commit 12e4 and 5e-4a")).toEqual(["12", "5", "4"]);
  });
});

describe("a float printed in full", () => {
  it("normalizes to the amount it stands for", () => {
    expect(normalizeNumber("17.820000000000007")).toBe("17.82");
    expect(normalizeNumber("0.30000000000000004")).toBe("0.3");
    expect(normalizeNumber("59.419999999999995")).toBe("59.42");
    expect(normalizeNumber("2.9999999999999996")).toBe("3");
    expect(normalizeNumber("-1,242.1600000000003")).toBe("-1242.16");
    expect(normalizeNumber("-893.130000000001")).toBe("-893.13");
    // A difference of two close amounts drifts further from the amount than a sum does.
    expect(normalizeNumber(String(100000.01 - 99999.99))).toBe("0.02");
  });
  it("reads a sum or difference of two prices in cents as that amount, however the float lands", () => {
    // Amounts up to $10,000.
    const cents = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(normalizeNumber(String(a / 100 + b / 100))).toBe(normalizeNumber(((a + b) / 100).toFixed(2)));
        expect(normalizeNumber(String(a / 100 - b / 100))).toBe(normalizeNumber(((a - b) / 100).toFixed(2)));
      }),
    );
    // A sum of large amounts drifts in proportion to them (up to $100,000,000 here).
    const large = fc.integer({ min: 0, max: 10_000_000_000 });
    fc.assert(
      fc.property(large, cents, (a, b) => {
        expect(normalizeNumber(String(a / 100 + b / 100))).toBe(normalizeNumber(((a + b) / 100).toFixed(2)));
      }),
    );
  });
  it("leaves a number of fewer than 15 significant and 11 fraction digits as written, whole numbers too", () => {
    expect(normalizeNumber("3.1415926535")).toBe("3.1415926535");
    expect(normalizeNumber("12345678901.123")).toBe("12345678901.123");
    expect(normalizeNumber("123456789012345678")).toBe(String(123456789012345678));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 999_999 }), (i, f) => {
        const s = `${i}.${String(f).padStart(6, "0")}`;
        expect(normalizeNumber(s)).toBe(String(Number(s)));
      }),
    );
  });
  it("starts at 15 digits, or 11 fraction digits", () => {
    expect(normalizeNumber("1234567.89000001")).toBe("1234567.89");
    expect(normalizeNumber("123456.89000001")).toBe("123456.89000001");
    expect(normalizeNumber("0.02000000001")).toBe("0.02");
    expect(normalizeNumber("0.0200000001")).toBe("0.0200000001");
  });
  it("reads a long written fraction to within the drift only: a double's own digits stay", () => {
    expect(normalizeNumber("3.141592653589793")).toBe("3.1415926536");
    expect(normalizeNumber("0.0001234567891")).toBe("0.0001234568");
    expect(normalizeNumber("123456789.1234567")).toBe("123456789.123457");
  });
});

type Step = TTraceInput["steps"][number];
const TASK = "Swap the kettle in my open order for the copper one and tell me what it costs.";
function sourceOfQuote(quote: string, output = "order updated\ncharge: 17.820000000000007") {
  const steps: Step[] = [
    { id: "u1", agent: "User", kind: "message", content: TASK },
    {
      id: "c1",
      agent: "Assistant",
      kind: "tool_call",
      tool: { name: "swap_item", arguments: { order: "A-100", item: "copper kettle" } },
    },
    {
      id: "r1",
      agent: "tool",
      kind: "tool_result",
      content: output,
    },
    { id: "a1", agent: "Assistant", kind: "message", content: quote },
  ];
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure", task: TASK },
    agents: [{ name: "User" }, { name: "Assistant" }, { name: "tool" }],
    steps,
    edges: steps.slice(1).map((s, i) => ({ from: steps[i].id, to: s.id, kind: "message" })),
  });
  const g = buildGraph(trace, resolveConfig());
  const rec = buildProvenance(g).records.find((r) => g.steps[r.step].id === "a1" && r.claim.kind === "number");
  return rec?.source;
}

describe("an amount quoted from a float printed in full", () => {
  it("is taken from the tool's output", () => {
    expect(sourceOfQuote("That swap costs you $17.82 more, now on your card.")).toBe("tool");
  });
  it("is taken from the tool's output when small, where a quote must match the record's writing", () => {
    expect(sourceOfQuote("A refund of $2.18 is on its way.", "order updated\nrefund: 2.1799999999999997")).toBe("tool");
  });
  it("near miss: an amount one cent off is not", () => {
    expect(sourceOfQuote("That swap costs you $17.83 more, now on your card.")).not.toBe("tool");
  });
});
