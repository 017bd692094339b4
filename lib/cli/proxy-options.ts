/**
 * Options `culprit record` and `culprit verify <recording>` share: the command after `--`, the
 * upstream, the per-run timeout and the upstream budget.
 */
import type { BudgetLimits } from "../record/upstream-budget";
import { checkUpstream } from "../record/upstream-url";

export const DEFAULT_RUN_TIMEOUT_MS = 600_000;

export const PROXY_OPTIONS_HELP = `  --upstream URL            OpenAI-compatible API root to forward to (default: $OPENAI_BASE_URL, else https://api.openai.com/v1)
  --anthropic-upstream URL  Anthropic API root (default: $ANTHROPIC_BASE_URL, else https://api.anthropic.com)
  --check CMD               shell command that decides the outcome after the run (exit 0 = success); default: the command's exit code
  --timeout MS              per run; the command's whole process group is killed after it (default ${DEFAULT_RUN_TIMEOUT_MS})
  --max-upstream-calls N    stop once N calls went to the upstream (whole record/verify)
  --max-tokens N            stop once the upstream answered N tokens in total
  --max-cost USD            stop once the upstream cost USD (needs --price)
  --price IN,OUT            USD per million input,output tokens, for --max-cost`;

/** Splits `args -- command...`; the command is everything after the first `--`. */
export function splitCommand(argv: readonly string[]): { args: string[]; command: string[] | undefined } {
  const i = argv.indexOf("--");
  return i < 0 ? { args: [...argv], command: undefined } : { args: argv.slice(0, i), command: argv.slice(i + 1) };
}

export interface ProxyFlags {
  upstream?: string;
  anthropicUpstream?: string;
  check?: string;
  timeoutMs: number;
  limits: BudgetLimits;
}

export function defaultUpstreams(env: NodeJS.ProcessEnv, flags: ProxyFlags): { openai: string; anthropic: string } {
  return {
    openai: checkUpstream(
      flags.upstream ?? env.OPENAI_BASE_URL ?? env.OPENAI_API_BASE ?? "https://api.openai.com/v1",
      "--upstream",
    ),
    anthropic: checkUpstream(
      flags.anthropicUpstream ?? env.ANTHROPIC_BASE_URL ?? "https://api.anthropic.com",
      "--anthropic-upstream",
    ),
  };
}

/**
 * Consumes one proxy flag at argv[i] if it is one; returns the next index, or undefined when the
 * flag is not a proxy flag. Throws a message for bad values.
 */
export function parseProxyFlag(argv: readonly string[], i: number, flags: ProxyFlags): number | undefined {
  const a = argv[i];
  const [flag, inline] =
    a.startsWith("--") && a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
  let next = i + 1;
  const value = () => {
    if (inline !== undefined) return inline;
    const v = argv[next++];
    if (v === undefined || v.startsWith("--")) throw `${flag} needs a value`;
    return v;
  };
  const number = (min: number, integer: boolean) => {
    const v = value();
    const n = Number(v);
    if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n)))
      throw `${flag} must be ${integer ? "an integer" : "a number"} ≥ ${min}, got "${v}"`;
    return n;
  };
  if (flag === "--upstream") flags.upstream = value();
  else if (flag === "--anthropic-upstream") flags.anthropicUpstream = value();
  else if (flag === "--check") flags.check = value();
  else if (flag === "--timeout") flags.timeoutMs = number(1, true);
  else if (flag === "--max-upstream-calls") flags.limits.maxCalls = number(0, true);
  else if (flag === "--max-tokens") flags.limits.maxTokens = number(0, true);
  else if (flag === "--max-cost") flags.limits.maxCostUsd = number(0, false);
  else if (flag === "--price") {
    const v = value();
    const [input, output] = v.split(",").map(Number);
    if (!Number.isFinite(input) || !Number.isFinite(output) || input < 0 || output < 0)
      throw `--price must be IN,OUT in USD per million tokens, got "${v}"`;
    flags.limits.pricePerMTok = { input, output };
  } else return undefined;
  return next;
}

/**
 * The flag loop of `culprit record` and `culprit verify <recording>`: each argument is offered to the
 * shared proxy flags first, then to the command's own `take(flag, value, arg)`, which returns true
 * when it took the argument or a message (usage, or why the argument is wrong) to stop with.
 * `value()` is the inline `--flag=value` or the next argument. Returns that message, else undefined.
 */
export function parseCommandFlags(
  args: readonly string[],
  flags: ProxyFlags,
  take: (flag: string, value: () => string, arg: string) => true | string,
): string | undefined {
  try {
    for (let i = 0; i < args.length; ) {
      const next = parseProxyFlag(args, i, flags);
      if (next !== undefined) {
        i = next;
        continue;
      }
      const a = args[i];
      const [flag, inline] =
        a.startsWith("--") && a.includes("=")
          ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
          : [a, undefined];
      const taken = take(flag, () => inline ?? args[++i] ?? "", a);
      if (taken !== true) return taken;
      i++;
    }
  } catch (msg) {
    // parseProxyFlag throws its message for a bad value.
    return String(msg);
  }
  return undefined;
}

export function checkFlags(flags: ProxyFlags): string | undefined {
  if (flags.limits.maxCostUsd !== undefined && !flags.limits.pricePerMTok)
    return "--max-cost needs --price IN,OUT (USD per million input and output tokens)";
  return undefined;
}
