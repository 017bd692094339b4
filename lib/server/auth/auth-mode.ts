import { config } from "../config";

/**
 * Whether this server asks people to sign in. Loopback-only (the default) needs no sign-in: whoever
 * can reach 127.0.0.1 already runs code on this machine. Listening beyond loopback (`CULPRIT_HOST`)
 * or `CULPRIT_AUTH=required` turns sign-in on. `scripts/start.mjs` refuses to listen beyond loopback
 * with sign-in off (it mirrors these rules in scripts/lib/listen-address.mjs).
 */

export function listenHost(): string {
  return config().CULPRIT_HOST;
}

export function isLoopbackAddress(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

export function isWildcardAddress(host: string): boolean {
  const h = host.trim().replace(/^\[|\]$/g, "");
  return h === "0.0.0.0" || h === "::" || h === "";
}

export function signInRequired(): boolean {
  return config().CULPRIT_AUTH === "required" || !isLoopbackAddress(listenHost());
}
