/**
 * Where a system's replay endpoint is: `CULPRIT_REPLAY_<SYSTEM>_URL` (system name upper-cased,
 * non-alphanumerics as `_`: "demo-mas" → CULPRIT_REPLAY_DEMO_MAS_URL), else the JSON map
 * `CULPRIT_REPLAY_ENDPOINTS` ({"demo-mas": "http://...", "*": "http://..."}).
 */
import { ReplayError } from "./replay-error";

export function systemEnvName(system: string): string {
  return `CULPRIT_REPLAY_${system
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")}_URL`;
}

export function resolveReplayEndpoint(
  system: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  if (system) {
    const direct = env[systemEnvName(system)];
    if (direct?.trim()) return direct.trim();
  }
  const mapText = env.CULPRIT_REPLAY_ENDPOINTS;
  if (!mapText?.trim()) return undefined;
  let map: unknown;
  try {
    map = JSON.parse(mapText);
  } catch {
    throw new ReplayError(
      "not_configured",
      'CULPRIT_REPLAY_ENDPOINTS is not valid JSON; expected {"<system>": "<url>", "*": "<url>"}',
    );
  }
  if (!map || typeof map !== "object" || Array.isArray(map))
    throw new ReplayError("not_configured", 'CULPRIT_REPLAY_ENDPOINTS must be a JSON object {"<system>": "<url>"}');
  const m = map as Record<string, unknown>;
  const url = (system !== undefined ? m[system] : undefined) ?? m["*"];
  if (url === undefined) return undefined;
  if (typeof url !== "string")
    throw new ReplayError("not_configured", `CULPRIT_REPLAY_ENDPOINTS["${system ?? "*"}"] must be a URL string`);
  return url;
}

/**
 * The bearer token sent to a system's replay endpoint, server-side only: `CULPRIT_REPLAY_<SYSTEM>_TOKEN`,
 * else `CULPRIT_REPLAY_TOKEN`. Never part of the URL, so it is never stored or shown.
 */
export function resolveReplayToken(
  system: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  const perSystem = system ? env[systemEnvName(system).replace(/_URL$/, "_TOKEN")] : undefined;
  return perSystem?.trim() || env.CULPRIT_REPLAY_TOKEN?.trim() || undefined;
}
