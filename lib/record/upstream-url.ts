/**
 * The upstream URL of a proxied request. An upstream base with a path (`https://api.openai.com/v1`,
 * `https://openrouter.ai/api/v1`) already holds the API version; a bare origin
 * (`http://127.0.0.1:8000`) gets `/v1`. A call of a known API goes to that API's endpoint under
 * the base whatever prefix the child put before it (`/v1/v1/chat/completions` from a client that
 * appends `/v1` itself); other paths keep their own, minus a leading `/v1` when the base has one.
 */
export function upstreamUrl(base: string, pathname: string, search = "", endpoint?: string): string {
  const b = new URL(base);
  const basePath = b.pathname.replace(/\/+$/, "");
  if (endpoint) return `${b.origin}${basePath || "/v1"}${endpoint}${search}`;
  const rest = basePath ? pathname.replace(/^\/v1(?=\/)/, "") : pathname;
  return `${b.origin}${basePath}${rest}${search}`;
}

/** Only http(s) upstreams: the proxy must not be turned into a reader of local files or other schemes. */
export function checkUpstream(base: string, what: string): string {
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    throw new Error(`${what} is not a URL: "${base}"`);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:")
    throw new Error(`${what} must be an http(s) URL, got "${base}"`);
  if (u.username || u.password)
    throw new Error(`${what} must not hold credentials; the child's own API key is forwarded`);
  return base.replace(/\/+$/, "");
}
