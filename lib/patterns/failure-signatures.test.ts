import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../attribution/index";
import * as G from "../attribution/test-graphs";
import { clusterFailureSignatures } from "./failure-signatures";

describe("clusterFailureSignatures", () => {
  it("groups runs with the same decisive pattern and is order-independent", () => {
    const items = [
      { runId: "r1", report: analyzeTrace(G.culpritUpstreamVictimLast()) },
      { runId: "r2", report: analyzeTrace(G.rubberStampReviewer()) },
      { runId: "r3", report: analyzeTrace(G.culpritUpstreamVictimLast()) },
      { runId: "r4", report: analyzeTrace(G.successfulRun()) },
    ];
    const clusters = clusterFailureSignatures(items);
    expect(clusters[0].runIds).toEqual(["r1", "r3"]);
    expect(clusters[0].detectors).toContain("ungrounded-value");
    expect(clusters.flatMap((c) => c.runIds)).not.toContain("r4");
    expect(clusterFailureSignatures([...items].reverse())).toEqual(clusters);
  });
});
