/**
 * The Langfuse base URL, checked before any request: http(s) only, no credentials, query or
 * fragment in it (keys travel in the Authorization header, never in a URL that may be logged).
 */
export function parseLangfuseHost(value: string | undefined): URL {
  if (!value) throw new LangfuseError("config", "No Langfuse host: pass --host URL or set LANGFUSE_HOST.");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new LangfuseError("config", `The Langfuse host "${value.slice(0, 200)}" is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new LangfuseError("config", `The Langfuse host must be an http(s) URL, not ${url.protocol}`);
  if (url.username || url.password)
    throw new LangfuseError(
      "config",
      "Put the Langfuse keys in LANGFUSE_PUBLIC_KEY/LANGFUSE_SECRET_KEY, not in the URL.",
    );
  if (url.search || url.hash)
    throw new LangfuseError("config", "The Langfuse host URL must not have a query or fragment.");
  // A self-hosted Langfuse may live under a path prefix: the client keeps it.
  return url;
}

/** Why a Langfuse call failed: bad configuration, an HTTP status, a network fault, or a reply too large. */
export class LangfuseError extends Error {
  constructor(
    readonly kind: "config" | "http" | "network" | "too_large" | "bad_reply",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LangfuseError";
  }
}
