import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeTrace } from "../attribution";
import { rubberStampReviewer } from "../attribution/test-graphs";
import { rewriteFixes } from "./rewrite-fixes";

// A fake OpenAI-compatible judge on loopback, answering with what `answer` holds.
let server: http.Server;
let baseUrl: string;
let answer = "";
beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    for await (const _ of req);
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ choices: [{ message: { role: "assistant", content: answer } }] }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const trace = rubberStampReviewer();
const fixes = analyzeTrace(trace).fixes ?? [];
const config = () => ({ baseUrl, model: "fake", weight: 0.5, timeoutMs: 2000, maxStepCalls: 5 });

describe("the judge rewriting fixes", () => {
  it("takes a one-sentence rewrite and says the judge wrote it", async () => {
    answer = '```json\n{"instruction": "Run the tests yourself before you approve a patch."}\n```';
    const [fix] = await rewriteFixes(fixes, trace, config());
    expect(fix).toMatchObject({
      agent: fixes[0].agent,
      fixType: fixes[0].fixType,
      author: "judge",
      instruction: "Run the tests yourself before you approve a patch.",
    });
  });

  it("keeps the template when the answer is not a short instruction", async () => {
    answer = `{"instruction": "${"Check it. ".repeat(5)}"}`;
    expect((await rewriteFixes(fixes, trace, config()))[0]).toEqual(fixes[0]);
  });

  it("keeps the template when the judge cannot be reached", async () => {
    const [fix] = await rewriteFixes(fixes, trace, { ...config(), baseUrl: "http://127.0.0.1:1/v1" });
    expect(fix).toEqual(fixes[0]);
  });
});
