import type { CulpritServer } from "../culprit-server";
import { waitForReport } from "../culprit-server";
import type { ReportLike } from "../../verdict/verdict-summary";
import {
  importAndAnalyze,
  readBoundedFile,
  type AnalyzedRun,
  type LocalBounds,
  type McpBackend,
  type RunSummary,
} from "./mcp-backend";
import type { StepLike } from "./run-views";

/**
 * The MCP tools on a Culprit server: the server's own access rules and limits apply (its API key
 * as bearer token). Read-only unless `allowUpload`: `analyze_trace` then uploads the trace as a
 * run; otherwise it analyzes locally and stores nothing.
 */
export class RemoteBackend implements McpBackend {
  readonly kind = "server" as const;

  constructor(
    private readonly server: CulpritServer,
    private readonly bounds: LocalBounds,
    private readonly allowUpload: boolean,
  ) {}

  async analyze(input: { path?: string; json?: string; format?: string }): Promise<AnalyzedRun[]> {
    const text = input.path !== undefined ? readBoundedFile(input.path, this.bounds) : (input.json ?? "");
    if (!this.allowUpload)
      return importAndAnalyze(text, input.format, input.path).map((r, i) => ({
        runId: `not-stored-${i + 1}`,
        report: r.report,
        format: r.format,
      }));
    const runs = await this.server.upload(text, { name: input.path, format: input.format });
    return Promise.all(
      runs.map(async (r) => ({ runId: r.runId, report: (await waitForReport(this.server, r.runId)) as ReportLike })),
    );
  }

  async listRuns(filter: { outcome?: string; system?: string; q?: string; limit: number }): Promise<RunSummary[]> {
    const reply = (await this.server.listRuns({ ...filter })) as { runs?: RunSummary[] };
    return (reply.runs ?? []).slice(0, filter.limit);
  }

  async report(runId: string): Promise<ReportLike> {
    const report = await this.server.report(runId);
    if (!report) throw new Error(`Run ${runId} has no finished analysis yet.`);
    return report as ReportLike;
  }

  async step(runId: string, step: number, report: ReportLike): Promise<StepLike | undefined> {
    const id = report.steps[step - 1]?.stepId;
    if (!id) return undefined;
    return ((await this.server.step(runId, id)) as { step?: StepLike }).step;
  }
}
