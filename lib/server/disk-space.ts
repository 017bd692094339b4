import "server-only";
import fs from "node:fs";
import path from "node:path";
import { ApiError } from "./api-errors";
import { config } from "./config";

// Security review check 32: a cluster that fills its disk PANICs and stays down, and the upload
// that filled it gets no answer. Uploads are therefore refused while the database's disk is low,
// before their body is read. Bodies are held in memory (read-body.ts), never spooled to a temp
// file, so the database's folder is the only disk an upload fills.

type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

export interface DiskGateOptions {
  /** Folders to watch; one that does not exist (DATABASE_URL on another host) is skipped. */
  dirs: () => string[];
  /** Refuse below this many free bytes; 0 turns the gate off. */
  minFreeBytes: () => number;
  statfs?: StatFs;
  /** A reading is reused this long, so the gate costs one statfs per folder per interval. */
  cacheMs?: number;
  now?: () => number;
}

export interface DiskReading {
  dir: string;
  freeBytes: number;
}

/** The folders whose free space is below the threshold (empty: uploads may go on). */
export function diskGate({
  dirs,
  minFreeBytes,
  statfs = (d) => fs.promises.statfs(d),
  cacheMs = 1500,
  now = Date.now,
}: DiskGateOptions): () => Promise<DiskReading[]> {
  // Keyed by the folders: a reading of other folders (the configuration changed) says nothing of these.
  let cached: { at: number; key: string; readings: Promise<DiskReading[]> } | undefined;
  const read = async (watched: string[]): Promise<DiskReading[]> => {
    const out: DiskReading[] = [];
    for (const dir of watched) {
      try {
        const s = await statfs(dir);
        out.push({ dir, freeBytes: Number(s.bavail) * Number(s.bsize) });
      } catch {
        // Not on this machine or not readable: Postgres's own disk_full answer (api-errors.ts) still applies.
      }
    }
    return out;
  };
  return async () => {
    const min = minFreeBytes();
    if (min <= 0) return [];
    const watched = dirs();
    const key = watched.join("\0");
    if (!cached || cached.key !== key || now() - cached.at >= cacheMs)
      cached = { at: now(), key, readings: read(watched) };
    return (await cached.readings).filter((r) => r.freeBytes < min);
  };
}

/** The embedded cluster's folder, or CULPRIT_PG_DATA_DIR for a Postgres of one's own on this machine. */
function databaseDirs(): string[] {
  return [config().CULPRIT_PG_DATA_DIR ?? path.join(process.cwd(), ".data", "postgres")];
}

const MB = 1024 * 1024;
const lowFolders = diskGate({ dirs: databaseDirs, minFreeBytes: () => config().CULPRIT_MIN_FREE_DISK_MB * MB });
let loggedLow = false;

/**
 * Throws 507 Insufficient Storage (or `status`: OTLP exporters retry only 429/502/503/504, so
 * /v1/traces asks for 503) with Retry-After while the database's disk is below CULPRIT_MIN_FREE_DISK_MB.
 */
export async function refuseWhenDiskLow(status: 503 | 507 = 507): Promise<void> {
  const low = await lowFolders();
  if (!low.length) {
    loggedLow = false;
    return;
  }
  if (!loggedLow) {
    loggedLow = true;
    const where = low.map((r) => `${r.dir}: ${Math.floor(r.freeBytes / MB)} MB free`).join(", ");
    console.error(`[disk] refusing uploads, below CULPRIT_MIN_FREE_DISK_MB (${where})`);
  }
  throw new ApiError(
    status,
    "insufficient_storage",
    "The server's database disk is almost full; nothing was stored. Try again once space is freed.",
    {},
    { "retry-after": "60" },
  );
}
