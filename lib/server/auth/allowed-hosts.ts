import os from "node:os";
import { isLoopbackAddress, isWildcardAddress, listenHost } from "./auth-mode";
import { config } from "../config";

let cached: { key: string; hosts: Set<string> } | undefined;

/**
 * Host names this server answers to: the loopback names, the address it listens on
 * (`CULPRIT_HOST`; for a wildcard bind every address of this machine and its host name), and the
 * names in `CULPRIT_ALLOWED_HOSTS` (comma-separated: the public name behind a reverse proxy).
 */
export function allowedHosts(): ReadonlySet<string> {
  const host = listenHost();
  const extra = config().CULPRIT_ALLOWED_HOSTS ?? "";
  const key = `${host}|${extra}`;
  if (cached?.key === key) return cached.hosts;
  const hosts = new Set<string>(["localhost", "127.0.0.1", "[::1]"]);
  const add = (h: string) => {
    const name = h.trim().toLowerCase().replace(/\.$/, "");
    if (!name) return;
    hosts.add(name.includes(":") && !name.startsWith("[") ? `[${name}]` : name);
  };
  if (!isLoopbackAddress(host)) {
    if (isWildcardAddress(host)) {
      for (const list of Object.values(os.networkInterfaces()))
        for (const a of list ?? []) add(a.address.replace(/%.*$/, ""));
      add(os.hostname());
    } else add(host);
  }
  for (const h of extra.split(",")) add(h.replace(/^https?:\/\//, "").replace(/[/:].*$/, ""));
  cached = { key, hosts };
  return hosts;
}
