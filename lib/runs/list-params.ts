import { z } from "zod";

/** Runs-list view state; lives in the URL so every list view is a link. */
export const SORT_KEYS = [
  "created",
  "steps",
  "agents",
  "tokens",
  "verification",
  "redundancy",
  "title",
  "system",
  "outcome",
] as const;
/** Trajectory flag kinds the list filters on (see lib/attribution/trajectory/flags.ts). */
export const FLAG_FILTERS = [
  "rubber-stamp",
  "ignored-tool-errors",
  "redundant-tokens",
  "repeated-tool-calls",
  "loop",
  "unread-state",
  "stale-read",
  "unread-messages",
  "token-heavy-agent",
] as const;
export const PAGE_SIZE = 25;

export const ZRunListParams = z.object({
  outcome: z.enum(["success", "failure", "unknown"]).optional().catch(undefined),
  system: z.string().max(256).optional().catch(undefined),
  q: z.string().max(500).optional().catch(undefined),
  flag: z.enum(FLAG_FILTERS).optional().catch(undefined),
  sort: z.enum(SORT_KEYS).catch("created"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type TRunListParams = z.infer<typeof ZRunListParams>;

/** Parses Next's searchParams (values may be arrays) leniently: bad values fall back to defaults. */
export function parseRunListParams(raw: Record<string, string | string[] | undefined>): TRunListParams {
  const flat = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v || undefined]));
  return ZRunListParams.parse(flat);
}

/** Builds a runs-list URL from the current params with some changed. */
export function runListHref(params: TRunListParams, change: Partial<TRunListParams>): string {
  const next = { ...params, ...change };
  const qs = new URLSearchParams();
  if (next.outcome) qs.set("outcome", next.outcome);
  if (next.system) qs.set("system", next.system);
  if (next.q) qs.set("q", next.q);
  if (next.flag) qs.set("flag", next.flag);
  if (next.sort !== "created") qs.set("sort", next.sort);
  if (next.dir !== "desc") qs.set("dir", next.dir);
  if (next.page !== 1) qs.set("page", String(next.page));
  const s = qs.toString();
  return s ? `/?${s}` : "/";
}
