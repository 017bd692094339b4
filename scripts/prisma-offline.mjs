#!/usr/bin/env node
/**
 * Prisma 7 without network access (see docs/decisions/0002-prisma-offline-migrations.md).
 *
 * The Prisma CLI downloads a native schema engine on every command, which fails offline. This
 * script does the three jobs we need with what the npm registry ships:
 *
 *   generate                  prisma generate, with PRISMA_SCHEMA_ENGINE_BINARY pointing at any
 *                             executable (generate only checks that one exists)
 *   create-migration <name>   diff the previous migration's schema snapshot against
 *                             prisma/schema.prisma with Prisma's wasm schema engine; writes
 *                             prisma/migrations/<timestamp>_<name>/migration.sql (+ snapshot)
 *   deploy                    apply pending migrations to DATABASE_URL, recorded in the standard
 *                             _prisma_migrations table (so `prisma migrate deploy` works later)
 *
 * Users with internet access can use the ordinary `prisma migrate dev/deploy` instead.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const schemaPath = path.join(root, "prisma/schema.prisma");
const migrationsDir = path.join(root, "prisma/migrations");
const SNAPSHOT = "schema.prisma.snapshot";
const LOCKFILE = 'provider = "postgresql"\n';

// The wasm engine loads only with --experimental-wasm-modules on Node 20: re-exec with it.
const needsWasm = ["create-migration", "deploy"].includes(process.argv[2]);
if (needsWasm && !process.execArgv.includes("--experimental-wasm-modules")) {
  const r = spawnSync(process.execPath, ["--experimental-wasm-modules", "--no-warnings", ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exit(r.status ?? 1);
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === "generate") generate();
  else if (command === "create-migration") await createMigration(args[0]);
  else if (command === "deploy") await deploy(process.env.DATABASE_URL);
  else {
    console.error("usage: prisma-offline.mjs generate | create-migration <name> | deploy");
    process.exit(2);
  }
} catch (err) {
  console.error(`prisma-offline ${command}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

function generate() {
  const prismaBin = path.join(root, "node_modules/prisma/build/index.js");
  const env = {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  };
  const r = spawnSync(process.execPath, [prismaBin, "generate"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (r.status !== 0) throw new Error(`prisma generate failed (exit ${r.status})`);
}

async function openEngine(connectionString) {
  const { SchemaEngine } = await import("@prisma/schema-engine-wasm");
  const { bindMigrationAwareSqlAdapterFactory } = await import("@prisma/driver-adapter-utils");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const schemaText = fs.readFileSync(schemaPath, "utf8");
  const adapter = bindMigrationAwareSqlAdapterFactory(
    new PrismaPg({
      connectionString: connectionString ?? process.env.DATABASE_URL ?? "postgresql://unused@127.0.0.1:1/unused",
    }),
  );
  return SchemaEngine.new({ datamodels: [["schema.prisma", schemaText]] }, () => {}, adapter);
}

function listMigrations() {
  if (!fs.existsSync(migrationsDir)) return [];
  return fs
    .readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(migrationsDir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

async function createMigration(name) {
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("give a migration name in snake_case, e.g. add_share_links");
  const previous = listMigrations().at(-1);
  const snapshotPath = previous && path.join(migrationsDir, previous, SNAPSHOT);
  if (previous && !fs.existsSync(snapshotPath)) throw new Error(`${previous} has no ${SNAPSHOT}; cannot diff offline`);
  const newSchema = fs.readFileSync(schemaPath, "utf8");
  const engine = await openEngine();
  const from = previous
    ? { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: fs.readFileSync(snapshotPath, "utf8") }] }
    : { tag: "empty" };
  const result = await engine.diff({
    from,
    to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: newSchema }] },
    script: true,
    exitCode: null,
    shadowDatabaseUrl: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  const sql = result.stdout ?? "";
  if (!sql.trim() || /empty migration/i.test(sql)) {
    console.log("No schema changes: no migration created.");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = path.join(migrationsDir, `${stamp}_${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "migration.sql"), sql);
  fs.writeFileSync(path.join(dir, SNAPSHOT), newSchema);
  fs.writeFileSync(path.join(migrationsDir, "migration_lock.toml"), LOCKFILE);
  console.log(`Created prisma/migrations/${stamp}_${name}/migration.sql`);
}

async function deploy(connectionString) {
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const names = listMigrations();
  const engine = await openEngine(connectionString);
  const result = await engine.applyMigrations({
    migrationsList: {
      baseDir: migrationsDir,
      lockfile: { path: "migration_lock.toml", content: LOCKFILE },
      shadowDbInitScript: "",
      migrationDirectories: names.map((name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok", value: fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") },
        },
      })),
    },
    filters: { externalTables: [], externalEnums: [] },
  });
  const applied = result.appliedMigrationNames ?? [];
  console.log(
    applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "Database schema is up to date.",
  );
}
