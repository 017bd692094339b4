import { describe, expect, it } from "vitest";
import type { DecodedSpan } from "./decoded-span";
import { smolagentsAgentName } from "./smolagents-agent";
import { importValue } from "../index";
import { OBSERVATION_AT } from "../../trace/canonical-attributes";

const span = (name: string, attributes: Record<string, unknown>) =>
  ({ name, attributes, events: [], links: [], kind: 1, statusCode: 0, resource: {}, path: "" }) as DecodedSpan;
const RUN = { "openinference.span.kind": "AGENT", "smolagents.max_steps": 20 };
const MANAGED_TASK = `{"task": "You're a helpful agent named 'search_agent'.\\nYou have been submitted this task by your manager."}`;

describe("smolagents run spans", () => {
  it("are the managed agent named in the task its manager handed it, else the agent's class", () => {
    expect(smolagentsAgentName(span("ToolCallingAgent.run", { ...RUN, "input.value": MANAGED_TASK }))).toBe(
      "search_agent",
    );
    expect(smolagentsAgentName(span("CodeAgent.run", { ...RUN, "input.value": '{"task": "How many?"}' }))).toBe(
      "CodeAgent",
    );
  });

  it("are read only on spans with smolagents' run attributes and a `.run` name, and a name only where the task opens", () => {
    expect(smolagentsAgentName(span("CodeAgent.run", { "openinference.span.kind": "AGENT" }))).toBeUndefined();
    expect(smolagentsAgentName(span("Step 1", RUN))).toBeUndefined();
    const late = `{"task": "${"x".repeat(5000)} an agent named 'other'"}`;
    expect(smolagentsAgentName(span("CodeAgent.run", { ...RUN, "input.value": late }))).toBe("CodeAgent");
    const unclosed = `{"task": "You're a helpful agent named '${"y".repeat(300)}"}`;
    expect(smolagentsAgentName(span("CodeAgent.run", { ...RUN, "input.value": unclosed }))).toBe("CodeAgent");
  });

  it("name the agents of an OTLP trace the same way", () => {
    const kv = (attributes: Record<string, string | number>) =>
      Object.entries(attributes).map(([key, v]) => ({
        key,
        value: typeof v === "number" ? { intValue: v } : { stringValue: v },
      }));
    const otlpSpan = (
      id: string,
      parent: string,
      name: string,
      t: number,
      attributes: Record<string, string | number>,
    ) => ({
      traceId: "5b8efff798038103d269b633813fc60c",
      spanId: id,
      parentSpanId: parent,
      name,
      startTimeUnixNano: String(1.7e18 + t * 1e9),
      endTimeUnixNano: String(1.7e18 + (10 - t) * 1e9),
      attributes: kv(attributes),
    });
    const { trace } = importValue({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                otlpSpan("00000000000000a1", "", "CodeAgent.run", 0, {
                  ...RUN,
                  "input.value": '{"task": "How many?"}',
                }),
                otlpSpan("00000000000000a2", "00000000000000a1", "ToolCallingAgent.run", 1, {
                  ...RUN,
                  "input.value": MANAGED_TASK,
                }),
              ],
            },
          ],
        },
      ],
    });
    expect(trace.agents.map((a) => a.name)).toEqual(["CodeAgent", "search_agent"]);
  });

  it("mark a step span's output as what the step observed, read by smolagents' own record of the step", () => {
    const step = (input: string) =>
      importValue({
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  {
                    traceId: "5b8efff798038103d269b633813fc60c",
                    spanId: "00000000000000b1",
                    name: "CodeAgent.run",
                    startTimeUnixNano: "1700000000000000000",
                    endTimeUnixNano: "1700000010000000000",
                    attributes: [{ key: "smolagents.max_steps", value: { intValue: 20 } }],
                  },
                  {
                    traceId: "5b8efff798038103d269b633813fc60c",
                    spanId: "00000000000000b2",
                    parentSpanId: "00000000000000b1",
                    name: "Step 2",
                    startTimeUnixNano: "1700000001000000000",
                    endTimeUnixNano: "1700000002000000000",
                    attributes: [
                      { key: "openinference.span.kind", value: { stringValue: "CHAIN" } },
                      { key: "input.value", value: { stringValue: input } },
                      { key: "output.value", value: { stringValue: "Execution logs:\nTotal: 412 crates" } },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      }).trace.steps.find((x) => x.name === "Step 2")?.attributes?.[OBSERVATION_AT];
    expect(step('{"memory_step": "ActionStep(model_input_messages=None, step_number=2)"}')).toBe(0);
    expect(step('{"question": "How many crates?"}')).toBeUndefined();
  });
});
