/**
 * Where the MCP tools get their answers: local analysis (the CLI's importers and engine, runs
 * kept for this session) or a Culprit server over its HTTP API. Both answer the same questions.
 */
import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { importTraces, IMPORT_FORMATS, type ImportFormat } from "../../importers/index";
import { analyzeTrace } from "../../attribution/index";
import type { TTrace } from "../../trace/schema";
import type { ReportLike } from "../../verdict/verdict-summary";
import type { StepLike } from "./run-views";

export interface RunSummary {
  runId: string;
  title?: string;
  system?: string | null;
  outcome: string;
  culprit?: string | null;
}

export interface AnalyzedRun {
  runId: string;
  report: ReportLike;
  format?: string;
}

export interface McpBackend {
  readonly kind: "local" | "server";
  analyze(input: { path?: string; json?: string; format?: string }): Promise<AnalyzedRun[]>;
  listRuns(filter: { outcome?: string; system?: string; q?: string; limit: number }): Promise<RunSummary[]>;
  report(runId: string): Promise<ReportLike>;
  step(runId: string, step: number, report: ReportLike): Promise<StepLike | undefined>;
}

export interface LocalBounds {
  /** Files are read only inside this folder (resolved, symlinks followed). */
  root: string;
  maxBytes: number;
  /** Runs kept in memory for this session; the oldest go first. */
  maxRuns: number;
}

export function parseFormat(format: string | undefined): ImportFormat | "auto" {
  if (!format || format === "auto") return "auto";
  if (!(IMPORT_FORMATS as readonly string[]).includes(format))
    throw new Error(`Unknown format "${format}"; use auto or one of: ${IMPORT_FORMATS.join(", ")}`);
  return format as ImportFormat;
}

/** Reads a trace file the way the bounds allow: inside the root, not larger than maxBytes. */
export function readBoundedFile(file: string, bounds: LocalBounds): string {
  const root = realpathSync(bounds.root);
  let real: string;
  try {
    real = realpathSync(path.resolve(root, file));
  } catch {
    throw new Error(`No such file: ${file}`);
  }
  if (real !== root && !real.startsWith(root + path.sep))
    throw new Error(`${file} is outside ${root}; this MCP server reads files only there (--root).`);
  const size = statSync(real).size;
  if (size > bounds.maxBytes) throw new Error(`${file} is ${size} bytes; at most ${bounds.maxBytes} are read.`);
  return readFileSync(real, "utf8");
}

export function importAndAnalyze(text: string, format: string | undefined, fileName?: string) {
  return importTraces(text, { format: parseFormat(format), fileName }).map(({ format: f, trace }) => ({
    format: f,
    trace,
    report: analyzeTrace(trace) as ReportLike,
  }));
}

export class LocalBackend implements McpBackend {
  readonly kind = "local" as const;
  private readonly runs = new Map<string, { title?: string; system?: string; trace: TTrace; report: ReportLike }>();
  private next = 1;

  constructor(private readonly bounds: LocalBounds) {}

  async analyze(input: { path?: string; json?: string; format?: string }): Promise<AnalyzedRun[]> {
    const text = input.path !== undefined ? readBoundedFile(input.path, this.bounds) : (input.json ?? "");
    return importAndAnalyze(text, input.format, input.path).map(({ format, trace, report }) => {
      const runId = `local-${this.next++}`;
      this.runs.set(runId, { title: trace.run.title, system: trace.run.system, trace, report });
      while (this.runs.size > this.bounds.maxRuns) this.runs.delete(this.runs.keys().next().value as string);
      return { runId, report, format };
    });
  }

  async listRuns(filter: { outcome?: string; system?: string; q?: string; limit: number }): Promise<RunSummary[]> {
    const q = filter.q?.toLowerCase();
    return [...this.runs.entries()]
      .filter(
        ([, r]) =>
          (!filter.outcome || r.report.outcome === filter.outcome) && (!filter.system || r.system === filter.system),
      )
      .filter(([, r]) => !q || (r.title ?? "").toLowerCase().includes(q))
      .slice(-filter.limit)
      .reverse() // newest first, as a server lists them
      .map(([runId, r]) => ({
        runId,
        title: r.title,
        system: r.system ?? null,
        outcome: r.report.outcome,
        culprit: r.report.decisive?.agent ?? null,
      }));
  }

  async report(runId: string): Promise<ReportLike> {
    const run = this.runs.get(runId);
    if (!run)
      throw new Error(
        `No run "${runId}" in this session: analyze a trace first (local runs are kept for the session only).`,
      );
    return run.report;
  }

  async step(runId: string, step: number): Promise<StepLike | undefined> {
    return this.runs.get(runId)?.trace.steps[step - 1];
  }
}
