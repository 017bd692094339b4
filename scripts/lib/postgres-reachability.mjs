/**
 * As root, the embedded Postgres runs as the `postgres` system user. In a project under a home
 * folder with mode 0700 (e.g. /root), that user cannot traverse to node_modules or .data, and
 * initdb fails with `spawn … EACCES`. This grants exactly the missing traverse (x) permission on
 * the folders in the way and says which ones, instead of failing.
 *
 * Traverse only: other users can then open files whose names they know and whose own mode
 * allows it, but they cannot list those folders. Set CULPRIT_PG_NO_CHMOD=1 to refuse instead.
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";

export async function reachableByPostgresUser(targets, log) {
  const ids = postgresIds();
  const blocked = new Set();
  for (const target of targets) {
    // Every ancestor must be traversable; the target's own folder is created/chowned by the package.
    let dir = path.dirname(target);
    const chain = [];
    while (true) {
      chain.push(dir);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    for (const d of chain) {
      if (!fs.existsSync(d)) continue;
      if (!canTraverse(fs.statSync(d), ids)) blocked.add(d);
    }
  }
  if (blocked.size === 0) return;
  const list = [...blocked].sort();
  if (process.env.CULPRIT_PG_NO_CHMOD === "1") {
    throw new Error(
      `The postgres system user cannot reach ${list.join(", ")} (needed as root). ` +
        `Run: chmod o+x ${list.join(" ")}   or move the project to a folder such as /srv or /opt, or set DATABASE_URL.`,
    );
  }
  for (const d of list) {
    const mode = fs.statSync(d).mode & 0o7777;
    fs.chmodSync(d, mode | 0o001);
    log(
      `Granted traverse permission to other users on ${d} (chmod o+x, was ${mode.toString(8)}) so the postgres system user can reach the embedded database; set CULPRIT_PG_NO_CHMOD=1 to refuse instead.`,
    );
  }
}

function postgresIds() {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gids = execFileSync("id", ["-G", "postgres"], { encoding: "utf8" }).trim().split(/\s+/).map(Number);
    return { uid, gids };
  } catch {
    return { uid: -1, gids: [] }; // the package creates the user later; judge by "other" bits
  }
}

function canTraverse(stat, { uid, gids }) {
  if (stat.uid === uid) return (stat.mode & 0o100) !== 0;
  if (gids.includes(stat.gid)) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}
