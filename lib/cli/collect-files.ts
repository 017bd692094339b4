/** Expands CLI path arguments: files as given, folders recursively (JSON-like files only, sorted). */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const TRACE_EXT = /\.(json|jsonl|ndjson)$/i;

export function collectFiles(args: string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (TRACE_EXT.test(name)) files.push(full);
    }
  };
  for (const arg of args) {
    let st;
    try {
      st = statSync(arg);
    } catch {
      missing.push(arg);
      continue;
    }
    if (st.isDirectory()) walk(arg);
    else files.push(arg);
  }
  return { files, missing };
}
