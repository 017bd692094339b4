import { describe, expect, it } from "vitest";
import { KEYS, readFixture, startRecordedLangfuse } from "./recorded-langfuse-server";
import { shapeProblems, specPaths } from "./spec-shapes";

// The recorded replies must be what Langfuse's own spec says its API returns, or the loopback
// tests would prove nothing about the real API.
describe("recorded Langfuse API shapes", () => {
  it("the trace reply is a TraceWithFullDetails with ObservationsView observations", () => {
    expect(shapeProblems("TraceWithFullDetails", readFixture("trace-research-team.json"))).toEqual([]);
  });

  it("the projects reply is a Projects", () => {
    expect(shapeProblems("Projects", readFixture("projects.json"))).toEqual([]);
  });

  it("the checker itself catches a missing required field and a wrong type", () => {
    const { observations, ...noObservations } = readFixture("trace-research-team.json") as Record<string, unknown>;
    expect(observations).toBeDefined();
    expect(shapeProblems("TraceWithFullDetails", noObservations)).toContain(
      "TraceWithFullDetails.observations: missing",
    );
    expect(
      shapeProblems("CreateCommentRequest", { projectId: "p", objectType: "trace", objectId: 3, content: "x" }),
    ).toEqual(["CreateCommentRequest.objectId: not a string"]);
  });

  it("the v4 replies (v2 observations, v2 scores) are ObservationsV2Response and GetScoresResponse", async () => {
    const trace = readFixture("trace-research-team.json") as Record<string, unknown>;
    const server = await startRecordedLangfuse({ traces: [trace], v4: true, pageSizeCap: 4 });
    const auth = { authorization: `Basic ${Buffer.from(`${KEYS.publicKey}:${KEYS.secretKey}`).toString("base64")}` };
    try {
      const get = async (p: string) => (await fetch(`${server.url}${p}`, { headers: auth })).json();
      const first = (await get(`/api/public/v2/observations?traceId=${trace.id}`)) as {
        data: unknown[];
        meta: { cursor?: string };
      };
      expect(shapeProblems("ObservationsV2Response", first)).toEqual([]);
      expect(first.data).toHaveLength(4);
      const rest = (await get(`/api/public/v2/observations?traceId=${trace.id}&cursor=${first.meta.cursor}`)) as {
        data: unknown[];
        meta: object;
      };
      expect(rest.data).toHaveLength(2);
      expect(rest.meta).toEqual({});
      expect(shapeProblems("GetScoresResponse", await get(`/api/public/v2/scores?traceId=${trace.id}`))).toEqual([]);
      expect((await fetch(`${server.url}/api/public/traces`, { headers: auth })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("the operations Culprit calls are in the spec excerpt", () => {
    const paths = specPaths();
    expect(Object.keys(paths).sort()).toEqual([
      "/api/public/comments",
      "/api/public/observations",
      "/api/public/projects",
      "/api/public/scores",
      "/api/public/traces",
      "/api/public/traces/{traceId}",
      "/api/public/v2/observations",
      "/api/public/v2/scores",
    ]);
    const params = (paths["/api/public/traces"].get as { parameters: { name: string }[] }).parameters.map(
      (p) => p.name,
    );
    for (const p of ["page", "limit", "fromTimestamp", "orderBy", "fields"]) expect(params).toContain(p);
  });
});
