#!/usr/bin/env node
/** `npm run bench`: every benchmark in turn; each prints its figures and its ratio to the limit. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const scripts = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts;
let failed = 0;
for (const name of Object.keys(scripts).filter((n) => n.startsWith("bench:"))) {
  console.log(`\n##### npm run ${name}`);
  const r = spawnSync("npm", ["run", "--silent", name], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
