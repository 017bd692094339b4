/**
 * Invented shop chats for the tests of the detectors that read calls against requests: a Customer
 * (the task giver) talks to a clerk agent; tool outputs are written as importers hand them over
 * (`key: value` lines, ids dropped). Step ids are `t0`, `t1`, … in order.
 */
import { ZTrace } from "../../trace/schema";

export type Turn = [agent: string, content: string, kind?: "tool_result"];

export function shopChat(turns: Turn[], groundTruth?: string, outcome: "failure" | "success" = "failure") {
  const names = [...new Set(turns.map(([a]) => a))];
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome, task: turns[0][1], groundTruth },
    agents: names.map((name) => (name === "Customer" ? { name, kind: "task_giver" } : { name })),
    steps: turns.map(([agent, content, kind], i) => ({ id: `t${i}`, agent, kind: kind ?? "message", content })),
  });
}

/** An order at 12 Fern Row as a lookup returns it: one `name`/`price`/`material` block per item, then its status. */
export function orderOutput(items: [name: string, price: string, material: string][], status: string): string {
  const lines = ["address1: 12 Fern Row", "city: Leeds"];
  for (const [name, price, material] of items) lines.push(`name: ${name}`, `price: ${price}`, `material: ${material}`);
  lines.push(`status: ${status}`);
  return lines.join("\n");
}
