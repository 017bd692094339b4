import { describe, expect, it } from "vitest";
import { readFixture } from "./recorded-langfuse-server";
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
    expect(shapeProblems("TraceWithFullDetails", noObservations)).toContain("TraceWithFullDetails.observations: missing");
    expect(shapeProblems("CreateCommentRequest", { projectId: "p", objectType: "trace", objectId: 3, content: "x" })).toEqual([
      "CreateCommentRequest.objectId: not a string",
    ]);
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
    ]);
    const params = (paths["/api/public/traces"].get as { parameters: { name: string }[] }).parameters.map((p) => p.name);
    for (const p of ["page", "limit", "fromTimestamp", "orderBy", "fields"]) expect(params).toContain(p);
  });
});
