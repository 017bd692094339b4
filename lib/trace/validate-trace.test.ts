import { describe, expect, it } from "vitest";
import { validateTrace } from "./validate-trace";
import { TraceInputError } from "./errors";
import { minimalTrace } from "./test-traces";

function issuesOf(value: unknown) {
  try {
    validateTrace(value);
  } catch (err) {
    if (err instanceof TraceInputError) return err;
  }
  throw new Error("expected validation to fail");
}

describe("validateTrace", () => {
  it("accepts a minimal trace and fills in defaults", () => {
    const trace = validateTrace(minimalTrace());
    expect(trace.steps[0].status).toBe("unset");
    expect(trace.run.sourceFormat).toBe("culprit");
    expect(trace.labels).toEqual([]);
    expect(trace.edges[0].confidence).toBe(0.9);
  });

  it("keeps unknown attributes", () => {
    const input = minimalTrace();
    input.steps[0].attributes = { "gen_ai.request.model": "gpt-x", nested: { a: [1] } };
    expect(validateTrace(input).steps[0].attributes).toEqual({ "gen_ai.request.model": "gpt-x", nested: { a: [1] } });
  });

  it("names the path of every schema violation", () => {
    const input = minimalTrace() as Record<string, any>;
    input.steps[1].kind = "banana";
    input.steps[0].tokens = { input: -1 };
    const err = issuesOf(input);
    expect(err.code).toBe("schema");
    expect(err.issues.map((i) => i.path)).toEqual(expect.arrayContaining(["steps[1].kind", "steps[0].tokens.input"]));
  });

  it("rejects unknown agents, duplicate ids, dangling parents and edges", () => {
    const input = minimalTrace();
    input.steps[1].agent = "Mallory";
    input.steps.push({ ...input.steps[0] });
    input.steps[0].parentId = "nope";
    input.edges!.push({ from: "s1", to: "ghost", kind: "state" });
    const paths = issuesOf(input).issues.map((i) => `${i.path}: ${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'steps[1].agent: unknown agent "Mallory" (not in agents)',
        'steps[2].id: duplicate step id "s1"',
        'steps[0].parentId: unknown parent step "nope"',
        'edges[1].to: unknown step "ghost"',
      ]),
    );
  });

  it("rejects the wrong schema version", () => {
    expect(issuesOf({ ...minimalTrace(), schema: "culprit.trace/v0" }).issues[0].path).toBe("schema");
  });
});
