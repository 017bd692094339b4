import "server-only";
import { timingSafeEqual } from "node:crypto";
import { ApiError } from "./api-errors";

/** When CULPRIT_API_KEY is set, ingestion requires `Authorization: Bearer <key>`. */
export function requireApiKey(req: Request): void {
  const key = process.env.CULPRIT_API_KEY;
  if (!key) return;
  const header = req.headers.get("authorization") ?? "";
  const given = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ApiError(401, "unauthorized", "This Culprit requires an API key: send `Authorization: Bearer <CULPRIT_API_KEY>`.");
  }
}
