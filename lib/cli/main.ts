/**
 * `culprit analyze <files or folders...> [--format auto|otlp|who-and-when|...] [--json]`
 * Imports each file, runs the attribution engine, prints one JSON line per file (--json) or a
 * readable summary. No database. Bad input never stops the batch: it is reported per file and the
 * process exits non-zero at the end.
 */
import { readFileSync } from "node:fs";
import { importTraces, IMPORT_FORMATS, type ImportFormat } from "../importers/index";
import { TraceInputError } from "../trace/errors";
import { analyzeTrace } from "../attribution/index";
import { collectFiles } from "./collect-files";
import { jsonRecord, textSummary } from "./summarize";
import { mainVerify } from "./verify";
import { mainRecord } from "./record";
import { isRecordingVerify, runVerifyRecording } from "./verify-recording";
import { runFixRecording } from "./fix-recording";
import { runPull } from "./pull-langfuse";
import { runMcp } from "./mcp/mcp-main";

const USAGE = `Usage: culprit analyze <files or folders...> [--format auto|${IMPORT_FORMATS.join("|")}] [--json]
       culprit verify <file> --endpoint <url> [--budget N] [--json]   (see culprit verify --help)
       culprit record [--upstream URL] [--out DIR] [--agents map.json] [--check CMD] -- <command...>   (see culprit record --help)
       culprit verify <recording> [--budget N] -- <command...>   (replays through the record/replay proxy)
       culprit fix <recording> [--agent NAME] [--runs N] [--json] -- <command...>   (proves a corrective instruction by replay)
       culprit pull langfuse [--host URL] [--since 24h] [--trace ID]... [--failed-only] [--write-back]   (see --help)
       culprit mcp [--http PORT] [--server URL]   (an MCP server for coding agents; see culprit mcp --help)

Finds which agent caused a failed multi-agent run, offline.
  --format  input format (default: auto-detect per file)
  --json    one JSON object per input file per line (per trace, when a file holds several)`;

interface Options {
  paths: string[];
  format: ImportFormat | "auto";
  json: boolean;
}

function parseArgs(argv: string[]): Options | string {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h") return USAGE;
  if (command !== "analyze") return `Unknown command "${command}".\n\n${USAGE}`;
  const opts: Options = { paths: [], format: "auto", json: false };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "--json") opts.json = true;
    else if (a === "--format" || a.startsWith("--format=")) {
      const value = a.includes("=") ? a.slice(a.indexOf("=") + 1) : rest[++i];
      if (value !== "auto" && !(IMPORT_FORMATS as readonly string[]).includes(value ?? ""))
        return `Unknown format "${value ?? ""}". Expected auto or one of: ${IMPORT_FORMATS.join(", ")}.`;
      opts.format = value as Options["format"];
    } else if (a === "--help" || a === "-h") return USAGE;
    else if (a.startsWith("--")) return `Unknown option "${a}".\n\n${USAGE}`;
    else opts.paths.push(a);
  }
  if (opts.paths.length === 0) return `No input files given.\n\n${USAGE}`;
  return opts;
}

export function run(
  argv: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): number {
  const opts = parseArgs(argv);
  if (typeof opts === "string") {
    (opts === USAGE ? out : err)(opts);
    return opts === USAGE ? 0 : 2;
  }
  const { files, missing } = collectFiles(opts.paths);
  let failures = 0;
  const fail = (file: string, error: string) => {
    failures++;
    if (opts.json) out(JSON.stringify({ file, ok: false, error }));
    else err(`${file}: ${error}`);
  };
  for (const m of missing) fail(m, "no such file or folder");
  if (files.length === 0 && missing.length === 0) fail(opts.paths.join(" "), "no .json, .jsonl or .ndjson files found");
  for (const file of files) {
    try {
      // A file holding several traces gets one report per trace, labelled `file#2 of 3` / `trace: {index, of, id}`.
      const results = importTraces(readFileSync(file, "utf8"), { format: opts.format, fileName: file });
      results.forEach(({ format, trace }, i) => {
        const report = analyzeTrace(trace);
        const several =
          results.length > 1 ? { index: i + 1, of: results.length, id: traceIdOf(trace.run.attributes) } : undefined;
        if (opts.json)
          out(
            JSON.stringify(
              several ? { ...jsonRecord(file, format, report), trace: several } : jsonRecord(file, format, report),
            ),
          );
        else out(textSummary(several ? `${file}#${i + 1} of ${results.length}` : file, format, report) + "\n");
      });
    } catch (e) {
      if (e instanceof TraceInputError) fail(file, e.message);
      else fail(file, `internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return failures > 0 ? 1 : 0;
}

/** The source's trace id, when the importer recorded one (span-based formats). */
function traceIdOf(attributes: Record<string, unknown> | undefined): string | undefined {
  const ids = attributes?.["otel.trace_ids"];
  return Array.isArray(ids) && typeof ids[0] === "string" ? ids[0] : undefined;
}

export function main(argv = process.argv.slice(2)): void {
  if (argv[0] === "record") return mainRecord(argv.slice(1)); // lib/cli/record.ts
  if (argv[0] === "verify" && isRecordingVerify(argv.slice(1)))
    return mainRecordingReplay(runVerifyRecording, argv.slice(1));
  if (argv[0] === "fix") return mainRecordingReplay(runFixRecording, argv.slice(1)); // lib/cli/fix-recording.ts
  if (argv[0] === "verify") return mainVerify(argv.slice(1)); // async: replays over HTTP (lib/cli/verify.ts)
  if (argv[0] === "pull") return void runPull(argv.slice(1), console.log, console.error).then(setExitCode);
  if (argv[0] === "mcp") return void runMcp(argv.slice(1)).then(setExitCode);
  process.exitCode = run(argv);
}

function setExitCode(code: number): void {
  process.exitCode = code;
}

type RecordingCommand = (
  argv: string[],
  out: (l: string) => void,
  err: (l: string) => void,
  signal: AbortSignal,
) => Promise<number>;

/** `verify <recording>`, `fix <recording>`: Ctrl-C stops the replay in flight (its process group) and the command. */
function mainRecordingReplay(command: RecordingCommand, argv: string[]): void {
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  command(argv, console.log, console.error, controller.signal).then((code) => {
    process.off("SIGINT", onSigint);
    process.exitCode = code;
  });
}
