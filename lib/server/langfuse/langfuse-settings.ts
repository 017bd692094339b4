import "server-only";
import { config } from "../config";
import { maxUploadBytes } from "../limits";
import { createLangfuseClient, type LangfuseClient } from "@/lib/langfuse/langfuse-client";

/**
 * The server's Langfuse client, from the owner's settings (LANGFUSE_HOST and the key pair) only:
 * no request ever chooses the host, so the import cannot be pointed at an internal address. Each
 * call has a deadline, a reply-size cap (the upload limit) and at most two retries, so one slow
 * Langfuse holds a page request for seconds, not minutes.
 */
export function serverLangfuse(): LangfuseClient | null {
  const c = config();
  if (!c.LANGFUSE_HOST || !c.LANGFUSE_PUBLIC_KEY || !c.LANGFUSE_SECRET_KEY) return null;
  return createLangfuseClient({
    host: c.LANGFUSE_HOST,
    publicKey: c.LANGFUSE_PUBLIC_KEY,
    secretKey: c.LANGFUSE_SECRET_KEY,
    timeoutMs: 15_000,
    maxBytes: maxUploadBytes(),
    maxRetries: 2,
    maxBackoffMs: 5_000,
  });
}

/** The host shown on the upload page (no keys), or null when Langfuse is not set up. */
export function langfuseHostShown(): string | null {
  const c = config();
  return c.LANGFUSE_HOST && c.LANGFUSE_PUBLIC_KEY && c.LANGFUSE_SECRET_KEY ? new URL(c.LANGFUSE_HOST).host : null;
}
