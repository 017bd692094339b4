/**
 * Span traces record a tool call and its result on one step. Such a step is still the caller's
 * request: the agent that makes the calls is a worker, not the environment; and a result that opens
 * with its failure ("Error: …") is a failed tool output wherever the result is recorded. Toys of our own.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./index";
import { buildGraph } from "./build-graph";
import { resolveConfig } from "./config";
import { markParticipants } from "./model/participants";
import { toolFailed } from "./detectors/patterns";
import { failedRun } from "./test-graphs";

const task = "Book a table for four at Casa Lina on Friday at 19:00 and confirm it.";
const call = (id: string, name: string, args: Record<string, unknown>, result: string) => ({
  id,
  agent: "Booker",
  kind: "tool_call" as const,
  content: `${name}(${JSON.stringify(args)})`,
  tool: { name, arguments: args, result },
});

const trace = (bookingResult: string) =>
  failedRun(task, [
    { id: "m", agent: "Lead", kind: "message", content: "Booker, please book Casa Lina for four on Friday at 19:00." },
    call("c1", "find_restaurant", { name: "Casa Lina" }, "Casa Lina, 12 Harbour St, open Fri 18:00-23:00"),
    call("c2", "list_slots", { day: "Friday" }, "19:00 free, 20:30 free"),
    call("c3", "book_table", { day: "Friday", time: "19:00", people: 4 }, bookingResult),
    { id: "f", agent: "Lead", kind: "final", content: "Your table at Casa Lina on Friday at 19:00 is booked." },
  ]);

describe("tool calls that carry their results", () => {
  it("the caller is a worker, not the environment", () => {
    const r = analyzeTrace(trace("Error: the slot could not be held, try again later."));
    expect(r.participants?.find((p) => p.agent === "Booker")?.kind).toBe("worker");
  });
  it("an opener that calls tools is no simulated user, even with one other speaker", () => {
    const t = failedRun("Quote the shipping cost for parcel P-88.", [
      call("c1", "get_parcel", { id: "P-88" }, "id: P-88\nweight: 12.5 kg\ndest: Lyon"),
      call("c2", "shipping_quote", { weight_kg: 125, dest: "Lyon" }, "Quote for 125 kg to Lyon: $310.00"),
      { id: "d1", agent: "Booker", kind: "message", content: "Shipping P-88 to Lyon costs $310.00." },
      { id: "f", agent: "Desk", kind: "final", content: "The shipping cost for parcel P-88 is $310.00." },
    ]);
    const r = analyzeTrace(t);
    expect(r.participants?.find((p) => p.agent === "Booker")?.kind).toBe("worker");
  });

  it("a result that opens with its failure is a failed tool output", () => {
    const g = buildGraph(trace("Error: the slot could not be held, try again later."), resolveConfig());
    markParticipants(g);
    const c3 = g.steps.findIndex((s) => s.id === "c3");
    expect(toolFailed(g, c3)).not.toBeNull();
    const ok = buildGraph(trace("Booked: table for 4, Friday 19:00, reference 3318."), resolveConfig());
    expect(
      toolFailed(
        ok,
        ok.steps.findIndex((s) => s.id === "c3"),
      ),
    ).toBeNull();
  });
});
