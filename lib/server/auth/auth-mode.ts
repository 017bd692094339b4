/**
 * Whether this server asks people to sign in. Loopback-only (the default) needs no sign-in: whoever
 * can reach 127.0.0.1 already runs code on this machine. Listening beyond loopback (`CULPRIT_HOST`)
 * or `CULPRIT_AUTH=required` turns sign-in on. `scripts/start.mjs` refuses to listen beyond loopback
 * with sign-in off (it mirrors these rules in scripts/lib/listen-address.mjs).
 */

export function listenHost(): string {
  return (process.env.CULPRIT_HOST ?? "127.0.0.1").trim() || "127.0.0.1";
}

export function isLoopbackAddress(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

export function isWildcardAddress(host: string): boolean {
  const h = host.trim().replace(/^\[|\]$/g, "");
  return h === "0.0.0.0" || h === "::" || h === "";
}

export function signInRequired(): boolean {
  const mode = (process.env.CULPRIT_AUTH ?? "").trim().toLowerCase();
  return mode === "required" || !isLoopbackAddress(listenHost());
}
