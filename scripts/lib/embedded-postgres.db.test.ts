import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper without types
import { startEmbeddedPostgres } from "./embedded-postgres.mjs";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe("embedded PostgreSQL (F-13, first start as root)", () => {
  it("starts inside a 0700 home-like folder, with a random 0600 password, its socket in the data folder and fsync on", async () => {
    // A folder only its owner may enter, like /root: as root the postgres system user cannot
    // traverse it, which made initdb fail with EACCES.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "culprit-home-"));
    fs.chmodSync(home, 0o700);
    const dataDir = path.join(home, "project/.data/postgres");
    const port = await freePort();
    const embedded = await startEmbeddedPostgres({ dataDir, port });
    cleanups.push(async () => {
      await embedded.stop();
      fs.rmSync(home, { recursive: true, force: true });
    });

    const password = fs.readFileSync(path.join(dataDir, "culprit-password"), "utf8").trim();
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect(fs.statSync(path.join(dataDir, "culprit-password")).mode & 0o777).toBe(0o600);
    expect(embedded.serverUrl).toContain(`:${password}@127.0.0.1:${port}`);

    const client = new pg.Client({ connectionString: `${embedded.serverUrl}/postgres` });
    await client.connect();
    const setting = async (name: string) => (await client.query(`SELECT current_setting($1) AS v`, [name])).rows[0].v;
    expect(await setting("fsync")).toBe("on");
    expect(await setting("synchronous_commit")).toBe("on");
    expect(await setting("unix_socket_directories")).toBe(dataDir);
    expect(await setting("listen_addresses")).toBe("127.0.0.1");
    await client.end();
    expect(fs.existsSync(path.join(dataDir, `.s.PGSQL.${port}`))).toBe(true);
    expect(fs.existsSync(`/tmp/.s.PGSQL.${port}`)).toBe(false);

    // The well-known password no longer works.
    const legacy = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
    await expect(legacy.connect()).rejects.toThrow(/password/);
  });
});

describe("embedded PostgreSQL faults (2026-12-02 review L-6, M-5)", () => {
  it("a first start that fails (port in use) keeps the cluster's password: the next start works", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "culprit-first-"));
    fs.rmSync(dataDir, { recursive: true });
    const port = await freePort();
    const blocker = net.createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => blocker.once("listening", resolve));
    await expect(startEmbeddedPostgres({ dataDir, port, throwaway: true })).rejects.toThrow(/did not start/);
    await new Promise((resolve) => blocker.close(resolve));
    const embedded = await startEmbeddedPostgres({ dataDir, port, throwaway: true });
    cleanups.push(async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const client = new pg.Client({ connectionString: `${embedded.serverUrl}/postgres` });
    await client.connect();
    expect((await client.query("SELECT 1 AS one")).rows[0].one).toBe(1);
    await client.end();
  });

  it("a cluster whose server process dies is started again, and answers within seconds", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "culprit-kill-"));
    fs.rmSync(dataDir, { recursive: true });
    const port = await freePort();
    const embedded = await startEmbeddedPostgres({ dataDir, port, throwaway: true });
    cleanups.push(async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const lines: string[] = [];
    embedded.keepRunning((m: string) => lines.push(m));
    const pid = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(pid, "SIGKILL");
    const started = Date.now();
    let answered = false;
    while (!answered && Date.now() - started < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const client = new pg.Client({ connectionString: `${embedded.serverUrl}/postgres` });
      answered = await client.connect().then(
        () => client.end().then(() => true),
        () => false,
      );
    }
    expect(answered).toBe(true);
    expect(lines.some((l) => /database is down/.test(l))).toBe(true);
    expect(lines.some((l) => /back/.test(l))).toBe(true);
  });
});
