import { z } from "zod";
import { ZTrace, TRACE_SCHEMA_VERSION } from "./schema";

/**
 * JSON Schema (draft 2020-12) of `culprit.trace/v1`, generated from the zod schema so the two can
 * never disagree. Describes what a file may contain (fields with defaults are optional).
 * Cross-reference rules (known agents, unique ids, edge ends) are stated in the description.
 */
export function traceJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ZTrace, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return {
    ...schema,
    $id: "/schema/trace-v1.json",
    title: TRACE_SCHEMA_VERSION,
    description:
      "Culprit canonical trace. Steps are in global order; step ids are unique; every step's agent is listed in agents; " +
      "parentId and edge from/to name existing step ids. See docs/trace-format.md.",
  };
}
