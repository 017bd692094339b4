import { describe, expect, it } from "vitest";
import { errorResponse } from "./api-errors";
import { diskGate } from "./disk-space";

const MB = 1024 * 1024;

/** A statfs whose free space per folder the test sets, counting its calls. */
function fakeStatfs(freeMb: Record<string, number>) {
  const calls: string[] = [];
  const statfs = async (dir: string) => {
    calls.push(dir);
    if (!(dir in freeMb)) throw Object.assign(new Error(`ENOENT: ${dir}`), { code: "ENOENT" });
    return { bavail: BigInt(freeMb[dir] * 256), bsize: 4096 };
  };
  return { statfs, calls };
}

describe("disk gate (review check 32)", () => {
  it("reports the folders below the threshold and none above it", async () => {
    const { statfs } = fakeStatfs({ "/db": 100, "/other": 900 });
    const gate = diskGate({ dirs: () => ["/db", "/other"], minFreeBytes: () => 512 * MB, statfs, cacheMs: 0 });
    expect(await gate()).toEqual([{ dir: "/db", freeBytes: 100 * MB }]);
  });

  it("skips a folder that is not on this machine, and 0 turns the gate off", async () => {
    const { statfs, calls } = fakeStatfs({ "/db": 10 });
    let min = 512 * MB;
    const gate = diskGate({ dirs: () => ["/elsewhere", "/db"], minFreeBytes: () => min, statfs, cacheMs: 0 });
    expect((await gate()).map((r) => r.dir)).toEqual(["/db"]);
    min = 0;
    const before = calls.length;
    expect(await gate()).toEqual([]);
    expect(calls.length).toBe(before);
  });

  it("reads the disk at most once per interval, then again", async () => {
    const free = { "/db": 100 };
    const { statfs, calls } = fakeStatfs(free);
    let t = 0;
    const gate = diskGate({ dirs: () => ["/db"], minFreeBytes: () => 512 * MB, statfs, cacheMs: 1500, now: () => t });
    await Promise.all([gate(), gate(), gate()]);
    t = 1000;
    expect(await gate()).toHaveLength(1);
    expect(calls).toHaveLength(1);
    free["/db"] = 2000;
    t = 1600;
    expect(await gate()).toEqual([]);
    expect(calls).toHaveLength(2);
  });

  it("a reading of other folders is not reused when the watched folder changes within the interval", async () => {
    const { statfs } = fakeStatfs({ "/db": 100 });
    let dir = "/not-yet-created";
    const gate = diskGate({ dirs: () => [dir], minFreeBytes: () => 512 * MB, statfs, cacheMs: 1500, now: () => 0 });
    expect(await gate()).toEqual([]);
    dir = "/db";
    expect(await gate()).toEqual([{ dir: "/db", freeBytes: 100 * MB }]);
  });
});

describe("Postgres out of disk", () => {
  it("answers 507 with Retry-After for SQLSTATE 53100, and 503 where the caller asks (OTLP)", async () => {
    const err = Object.assign(new Error('could not extend file "base/1/2": No space left on device'), {
      code: "53100",
    });
    const upload = errorResponse(err);
    expect(upload.status).toBe(507);
    expect(Number(upload.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await upload.json()).error.code).toBe("insufficient_storage");
    const otlp = errorResponse(err, { diskFullStatus: 503 });
    expect(otlp.status).toBe(503);
    expect(otlp.headers.get("retry-after")).not.toBeNull();
  });

  it("recognises ENOSPC in a wrapped cause, and leaves other errors alone", () => {
    const wrapped = new Error("transaction failed", { cause: new Error("No space left on device") });
    expect(errorResponse(wrapped).status).toBe(507);
    expect(errorResponse(new Error("boom")).status).toBe(500);
  });
});
