/**
 * User-facing input errors. Every importer and the native parser throw these, so the API, the
 * upload page and the CLI can all say what is wrong and where in the same words.
 */
export type TraceInputErrorCode =
  | "malformed_json" // not parseable; carries line and column
  | "schema" // parsed, but violates the format's schema; carries one issue per path
  | "unknown_format" // nothing we support matches
  | "too_large" // over the configured size limit
  | "bad_input"; // structurally broken in a format-specific way (cycles, missing ids...)

export interface TraceInputIssue {
  /** Dotted/bracketed path into the input, e.g. `steps[3].agent`. */
  path: string;
  message: string;
}

export interface TextLocation {
  line: number;
  column: number;
}

export class TraceInputError extends Error {
  readonly code: TraceInputErrorCode;
  readonly issues: TraceInputIssue[];
  readonly location?: TextLocation;

  constructor(
    code: TraceInputErrorCode,
    message: string,
    options: { issues?: TraceInputIssue[]; location?: TextLocation } = {},
  ) {
    super(message);
    this.name = "TraceInputError";
    this.code = code;
    this.issues = options.issues ?? [];
    this.location = options.location;
  }

  /** Plain JSON body used by the API and the CLI. */
  toJSON() {
    return {
      code: this.code,
      message: this.message,
      ...(this.location ? { location: this.location } : {}),
      ...(this.issues.length ? { issues: this.issues } : {}),
    };
  }
}

/** Formats a zod-style path (`["steps", 3, "agent"]`) as `steps[3].agent`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "(root)";
}
