/**
 * The client's address, decided once by the front server (scripts/serve.mjs), which owns the socket
 * (decision 0008). A client can write any `X-Forwarded-For` it likes, so that header is believed
 * only when the peer that sent the request is a proxy named in CULPRIT_TRUSTED_PROXIES; then the
 * address is the right-most entry that is not itself a trusted proxy. Otherwise it is the socket's
 * peer. The result goes to the routes in CLIENT_ADDRESS_HEADER (an incoming one is overwritten).
 * Plain JavaScript so the front server (plain Node, before Next loads) and the routes share it.
 */

/** Request header the front server sets; routes read it only when the front server stamped it. */
export const CLIENT_ADDRESS_HEADER = "x-culprit-client-ip";

const FLAG = Symbol.for("culprit.client-address-stamped");
const FORWARDING_HEADERS = ["x-forwarded-for", "x-real-ip", "forwarded", "cf-connecting-ip", "true-client-ip"];

/** `::ffff:10.0.0.1` → `10.0.0.1`; `[::1]` → `::1`; lower case; null for anything that is not an address. */
export function normalizeAddress(value) {
  let a = String(value ?? "")
    .trim()
    .toLowerCase();
  if (a.startsWith("[") && a.includes("]")) a = a.slice(1, a.indexOf("]"));
  if (a.startsWith("::ffff:") && a.includes(".")) a = a.slice(7);
  if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  return /^[0-9a-f:.]{2,45}$/.test(a) ? a : null;
}

/** The set of trusted proxy addresses from CULPRIT_TRUSTED_PROXIES (comma- or space-separated). */
export function parseTrustedProxies(text) {
  const set = new Set();
  for (const part of String(text ?? "").split(/[\s,]+/)) {
    const a = normalizeAddress(part);
    if (a) set.add(a);
  }
  return set;
}

/** The client address for a request from `peer` carrying `forwardedFor` (an X-Forwarded-For value). */
export function resolveClientAddress(peer, forwardedFor, trusted) {
  const direct = normalizeAddress(peer) ?? "unknown";
  if (!trusted.has(direct) || !forwardedFor) return direct;
  const hops = String(forwardedFor).split(",").slice(-32).map(normalizeAddress);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (hops[i] === null) return direct; // a malformed hop: believe nothing to its left
    if (!trusted.has(hops[i])) return hops[i];
  }
  return hops[0] ?? direct;
}

/**
 * Called by the front server for every request before Next sees it: sets CLIENT_ADDRESS_HEADER and
 * removes the forwarding headers a client could forge (unless a trusted proxy sent them).
 */
export function stampClientAddress(req, trusted) {
  const peer = req.socket?.remoteAddress;
  const forwarded = req.headers["x-forwarded-for"];
  const address = resolveClientAddress(peer, Array.isArray(forwarded) ? forwarded.join(",") : forwarded, trusted);
  if (!trusted.has(normalizeAddress(peer) ?? "")) for (const h of FORWARDING_HEADERS) delete req.headers[h];
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  globalThis[FLAG] = true;
}

/**
 * The client address of a request as routes see it: the front server's stamp, or "unknown" when no
 * front server runs in this process (`next dev`), where the header could come from the client.
 */
export function clientAddressFrom(headers) {
  if (globalThis[FLAG] !== true) return "unknown";
  return normalizeAddress(headers.get(CLIENT_ADDRESS_HEADER)) ?? "unknown";
}
