// No `server-only` here: proxy.ts imports it (through auth-mode.ts), like auth-mode.ts itself.
// In a browser bundle process.env is empty, so nothing secret could leak through it anyway.
import { z } from "zod";
import { judgeConfigFromEnv } from "@/lib/judge/judge-config";

/**
 * Every environment variable Culprit reads, declared once: its type, bounds and default. The
 * server reads the environment only through `config()`, which parses it on first use and keeps the
 * result, so a bad value is one clear error at start (`scripts/check-config.ts` in `npm start`,
 * `instrumentation.ts`, the worker) instead of a silent fallback or a "NaN MB" deep in a page.
 * README's configuration table lists exactly the variables declared here (config.test.ts checks it).
 */

const number = () => z.coerce.number({ error: "must be a number" });
const int = (min: number, fallback: number) =>
  number()
    .int({ error: "must be a whole number" })
    .min(min, { error: `must be at least ${min}` })
    .default(fallback);
const num = (min: number, fallback: number) =>
  number()
    .min(min, { error: `must be at least ${min}` })
    .default(fallback);
const seconds = (min: number, fallback: number) => num(min, fallback);
const text = () => z.string().optional();

const ZEnv = z.object({
  DATABASE_URL: text(),
  PORT: int(1, 3000).pipe(z.number().max(65535, { error: "must be a port (at most 65535)" })),
  CULPRIT_HOST: z.string().default("127.0.0.1"),
  CULPRIT_AUTH: z
    .string()
    .toLowerCase()
    .pipe(z.enum(["required", "off"], { error: "must be `required` or `off` (or unset)" }))
    .optional(),
  CULPRIT_ALLOWED_HOSTS: text(),
  CULPRIT_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  BETTER_AUTH_SECRET: text(),
  CULPRIT_OIDC_ISSUER: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  CULPRIT_OIDC_CLIENT_ID: text(),
  CULPRIT_OIDC_CLIENT_SECRET: text(),
  CULPRIT_OIDC_NAME: z.string().default("single sign-on"),
  CULPRIT_API_KEY: text(),
  CULPRIT_TRUSTED_PROXIES: z
    .string()
    .regex(/^[\s,0-9a-fA-F:.[\]]*$/, { error: "must be a comma-separated list of IP addresses" })
    .optional(),
  CULPRIT_MAX_UPLOAD_MB: number().positive({ error: "must be more than 0" }).default(50),
  CULPRIT_INLINE_ANALYSIS_MAX_STEPS: int(0, 5000),
  CULPRIT_OTLP_IDLE_SECONDS: seconds(0, 10),
  CULPRIT_PG_PORT: int(1, 54329).pipe(z.number().max(65535, { error: "must be a port (at most 65535)" })),
  CULPRIT_PG_NO_CHMOD: z.enum(["1"], { error: "must be `1` (or unset)" }).optional(),
  CULPRIT_DB_POOL_MAX: int(2, 10),
  CULPRIT_MIN_FREE_DISK_MB: int(0, 512),
  CULPRIT_PG_DATA_DIR: text(),
  // Read by the sandbox processes themselves (sandbox-worker.mjs, plain .mjs): declared for validation and docs.
  CULPRIT_SANDBOX_NICE: int(0, 5).pipe(z.number().max(19)),
  CULPRIT_JOB_MEMORY_MB: int(64, 1536),
  CULPRIT_JOB_THREADS: int(1, 2),
  CULPRIT_JOB_QUEUE: int(0, 32),
  CULPRIT_WORKER_CONCURRENCY: int(1, 2),
  CULPRIT_IMPORT_TIMEOUT_SECONDS: seconds(1, 30),
  CULPRIT_INLINE_ANALYSIS_SECONDS: seconds(0, 5),
  CULPRIT_ANALYSIS_TIMEOUT_SECONDS: seconds(1, 900),
  CULPRIT_MAX_STEPS: int(1, 200_000),
  CULPRIT_MAX_AGENTS: int(1, 2_000),
  CULPRIT_MAX_SPANS: int(1, 100_000),
  CULPRIT_MAX_TRACE_SPANS: int(1, 200_000),
  CULPRIT_MAX_OTLP_FIELDS: int(1000, 2_000_000),
  CULPRIT_COMPARE_MAX_CELLS: int(1, 100_000_000),
  CULPRIT_COMPARE_TIMEOUT_SECONDS: seconds(1, 20),
  CULPRIT_SPECTRUM_MAX_STEPS: int(1, 200_000),
  CULPRIT_PAGE_CACHE_STEPS: int(0, 300_000),
  CULPRIT_PAGE_CACHE_REPORT_STEPS: int(0, 300_000),
  // Load shedding in the front server (scripts/serve.mjs, decision 0023); 0 turns a bound off.
  CULPRIT_SHED_INFLIGHT: int(0, 128),
  CULPRIT_SHED_LAG_MS: int(0, 0),
  CULPRIT_REPLAY_ENDPOINTS: text(),
  CULPRIT_REPLAY_TOKEN: text(),
  CULPRIT_REPLAY_BUDGET: int(1, 20),
  CULPRIT_REPLAY_TIMEOUT_MS: int(1, 60_000),
  CULPRIT_REPLAY_STALE_MINUTES: int(1, 60),
  CULPRIT_JUDGE_BASE_URL: text(),
  CULPRIT_JUDGE_MODEL: text(),
  CULPRIT_JUDGE_API_KEY: text(),
  CULPRIT_JUDGE_WEIGHT: text(),
  CULPRIT_JUDGE_TIMEOUT_MS: text(),
  CULPRIT_JUDGE_MAX_STEP_CALLS: text(),
  CULPRIT_CHROMIUM: z.string().default("/usr/bin/chromium"),
  // The Langfuse project owners import from and write verdicts back to: an owner setting, never
  // a URL from a request (the server only ever fetches this host).
  LANGFUSE_HOST: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  LANGFUSE_PUBLIC_KEY: text(),
  LANGFUSE_SECRET_KEY: text(),
  // Set by Culprit's own scripts, not by people (not in README's table):
  CULPRIT_SETUP_TOKEN: text(),
  CULPRIT_ROOT: text(),
  // Only `development` changes anything (a CSP that lets hot reload work); other values are Next's business.
  NODE_ENV: z.string().default("production"),
  // Older spellings still accepted (not in README's table):
  CULPRIT_AUTH_SECRET: text(),
  BETTER_AUTH_URL: text(),
});

export type EnvName = keyof typeof ZEnv.shape;

/**
 * How README shows a default when it is not the parsed value itself, and which variables README
 * leaves out (set by our scripts, or old aliases). The judge's numbers are validated, with their
 * defaults, by `judgeConfigFromEnv` (the CLI reads them too), so their defaults come from there.
 */
const judgeDefaults = judgeConfigFromEnv({ CULPRIT_JUDGE_BASE_URL: "http://127.0.0.1", CULPRIT_JUDGE_MODEL: "any" })!;
const SHOWN_DEFAULT: Partial<Record<EnvName, string>> = {
  DATABASE_URL: "embedded Postgres",
  CULPRIT_PG_DATA_DIR: "`.data/postgres`",
  BETTER_AUTH_SECRET: "random, kept in `.data/auth-secret`",
  CULPRIT_JUDGE_WEIGHT: String(judgeDefaults.weight),
  CULPRIT_JUDGE_TIMEOUT_MS: String(judgeDefaults.timeoutMs),
  CULPRIT_JUDGE_MAX_STEP_CALLS: String(judgeDefaults.maxStepCalls),
};
const UNDOCUMENTED = new Set<EnvName>([
  "CULPRIT_SETUP_TOKEN",
  "CULPRIT_ROOT",
  "NODE_ENV",
  "CULPRIT_AUTH_SECRET",
  "BETTER_AUTH_URL",
]);

/** Variables whose names carry a system name; README shows them with `<SYSTEM>`. */
const PATTERNS = [
  { name: "CULPRIT_REPLAY_<SYSTEM>_URL", pattern: /^CULPRIT_REPLAY_[A-Z0-9_]+_URL$/ },
  { name: "CULPRIT_REPLAY_<SYSTEM>_TOKEN", pattern: /^CULPRIT_REPLAY_[A-Z0-9_]+_TOKEN$/ },
];

export type Config = z.infer<typeof ZEnv> & {
  /** The `CULPRIT_REPLAY_*` variables (per-system names included), for lib/replay's resolvers. */
  replayEnv: Record<string, string | undefined>;
  /** The `CULPRIT_JUDGE_*` variables, for lib/judge's `judgeConfigFromEnv`. */
  judgeEnv: Record<string, string | undefined>;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses an environment (unset and blank are the same: the default). Throws one ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const present: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v.trim() !== "") present[k] = v.trim();
  const parsed = ZEnv.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map(
        (i) => `${String(i.path[0])}=${JSON.stringify(present[String(i.path[0])])}: ${i.message}`,
      );
  const pick = (test: (name: string) => boolean) =>
    Object.fromEntries(Object.entries(present).filter(([k]) => test(k)));
  const replayEnv = pick((k) => k.startsWith("CULPRIT_REPLAY_"));
  const judgeEnv = pick((k) => k.startsWith("CULPRIT_JUDGE_"));
  try {
    judgeConfigFromEnv(judgeEnv);
  } catch (err) {
    problems.push((err as Error).message);
  }
  if (!parsed.success || problems.length)
    throw new ConfigError(`Invalid configuration (see the table in README.md):\n  ${problems.join("\n  ")}`);
  return { ...parsed.data, replayEnv, judgeEnv };
}

const globalForConfig = globalThis as unknown as { culpritConfig?: Config };

/** The process's configuration, parsed from `process.env` on first use and kept. */
export function config(): Config {
  globalForConfig.culpritConfig ??= parseConfig(process.env);
  return globalForConfig.culpritConfig;
}

/** Parses `process.env` again: for tests and scripts that change the environment of a running process. */
export function reloadConfig(): Config {
  globalForConfig.culpritConfig = undefined;
  return config();
}

/** Every variable README must list, with the default it must show ("unset" when there is none). */
export function documentedVariables(): { name: string; shownDefault: string }[] {
  const defaults = ZEnv.parse({});
  const plain = (Object.keys(ZEnv.shape) as EnvName[])
    .filter((name) => !UNDOCUMENTED.has(name))
    .map((name) => ({
      name,
      shownDefault: SHOWN_DEFAULT[name] ?? (defaults[name] === undefined ? "unset" : String(defaults[name])),
    }));
  return [...plain, ...PATTERNS.map((p) => ({ name: p.name, shownDefault: "unset" }))];
}
