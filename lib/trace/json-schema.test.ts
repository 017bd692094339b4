import { describe, expect, it } from "vitest";
import { traceJsonSchema } from "./json-schema";

describe("traceJsonSchema", () => {
  it("describes the top-level fields and the enums of the zod model", () => {
    const schema = traceJsonSchema() as any;
    expect(schema.title).toBe("culprit.trace/v1");
    expect(schema.required).toEqual(expect.arrayContaining(["schema", "run", "agents", "steps"]));
    expect(schema.required).not.toContain("edges"); // has a default, so optional in files
    const edgeKind = schema.properties.edges.items.properties.kind.enum;
    expect(edgeKind).toEqual(["message", "state", "aggregation", "delegation"]);
    expect(schema.properties.schema.const).toBe("culprit.trace/v1");
  });
});
