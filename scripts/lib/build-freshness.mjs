import fs from "node:fs";
import path from "node:path";

const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = ["next.config.ts", "proxy.ts", "package.json", "tsconfig.json", "prisma/schema.prisma"];

/** True when .next has no production build or any source file is newer than it. */
export function buildIsStale(root) {
  const buildId = path.join(root, ".next/BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const newer = (p) => fs.existsSync(p) && fs.statSync(p).mtimeMs > built;
  if (SOURCE_FILES.some((f) => newer(path.join(root, f)))) return true;
  const stack = SOURCE_DIRS.map((d) => path.join(root, d));
  while (stack.length) {
    const dir = stack.pop();
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated" && entry.name !== "node_modules") stack.push(p);
      } else if (fs.statSync(p).mtimeMs > built) return true;
    }
  }
  return false;
}
