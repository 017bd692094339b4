/**
 * Configuration of the optional LLM judge: any OpenAI-compatible chat endpoint. Off unless both
 * CULPRIT_JUDGE_BASE_URL and CULPRIT_JUDGE_MODEL are set.
 */
export interface JudgeConfig {
  /** e.g. http://127.0.0.1:8000/v1 (the path up to, not including, /chat/completions). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Confidence weight of the judge's findings in the detector fusion (0..1). */
  weight: number;
  timeoutMs: number;
  /** At most this many step-by-step calls per run. */
  maxStepCalls: number;
}

export class JudgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JudgeError";
  }
}

export function judgeConfigFromEnv(env: Record<string, string | undefined> = process.env): JudgeConfig | undefined {
  const baseUrl = env.CULPRIT_JUDGE_BASE_URL?.trim();
  const model = env.CULPRIT_JUDGE_MODEL?.trim();
  if (!baseUrl || !model) return undefined;
  try {
    const u = new URL(baseUrl);
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error();
  } catch {
    throw new JudgeError(`CULPRIT_JUDGE_BASE_URL "${baseUrl}" is not an http(s) URL`);
  }
  const num = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new JudgeError(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
    return n;
  };
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    model,
    apiKey: env.CULPRIT_JUDGE_API_KEY || undefined,
    weight: num("CULPRIT_JUDGE_WEIGHT", 0.5, 0, 1),
    timeoutMs: num("CULPRIT_JUDGE_TIMEOUT_MS", 60_000, 1, 3_600_000),
    maxStepCalls: Math.round(num("CULPRIT_JUDGE_MAX_STEP_CALLS", 12, 0, 500)),
  };
}
