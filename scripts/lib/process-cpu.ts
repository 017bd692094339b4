import fs from "node:fs";

/**
 * CPU time of a local server process, for benchmarks on a shared machine: wall-clock latency under
 * load says as much about the neighbours as about the server, CPU time per request does not.
 * Linux only (/proc); elsewhere both helpers return null.
 */

/** The pid of the process listening on 127.0.0.1:`port` (TCP, IPv4 or IPv6), or null. */
export function listeningPid(port: number): number | null {
  try {
    const hex = port.toString(16).toUpperCase().padStart(4, "0");
    const inodes = new Set<string>();
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      if (!fs.existsSync(table)) continue;
      for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
        const cols = line.trim().split(/\s+/);
        // local_address is ADDR:PORT in hex; state 0A is LISTEN; column 9 is the socket inode.
        if (cols.length > 9 && cols[1].endsWith(`:${hex}`) && cols[3] === "0A") inodes.add(cols[9]);
      }
    }
    if (inodes.size === 0) return null;
    for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      let fds: string[];
      try {
        fds = fs.readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue; // not ours to read, or gone
      }
      for (const fd of fds) {
        try {
          const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (m && inodes.has(m[1])) return Number(pid);
        } catch {
          // fd closed meanwhile
        }
      }
    }
  } catch {
    // no /proc
  }
  return null;
}

/** User + system CPU time of `pid` so far, in ms (all its threads), or null. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
