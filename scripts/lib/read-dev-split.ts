/**
 * Reads Who&When subset folders for the evaluation, development split only: odd-numbered record
 * files. Every other file, in particular the even-numbered held-out test records, is counted and
 * never opened, whatever folder the evaluation is pointed at.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isDevSplitFile } from "../../lib/eval/dev-split";
import { whoAndWhenRecord, type EvalRecord } from "../../lib/eval/records";
import type { ImporterRule } from "../../lib/importers/importer-rules";

export interface DevSubset {
  name: string;
  records: EvalRecord[];
  /** Files present but refused unread (held-out or not a record). */
  refused: number;
  importErrors: string[];
}

/** `ablate`: importer rules to leave out (the rule ablation re-reads the records with each one off). */
export function readDevSplit(root: string, ablate?: readonly ImporterRule[]): DevSubset[] {
  const subsets = readdirSync(root)
    .filter((d) => statSync(path.join(root, d)).isDirectory())
    .sort();
  const folders = subsets.length ? subsets.map((d) => path.join(root, d)) : [root];
  return folders.map((folder) => {
    const name = path.basename(folder);
    const names = readdirSync(folder).filter((f) => f.endsWith(".json"));
    const dev = names.filter(isDevSplitFile).sort((a, b) => parseInt(a) - parseInt(b));
    const records: EvalRecord[] = [];
    const importErrors: string[] = [];
    for (const f of dev) {
      try {
        records.push(whoAndWhenRecord(readFileSync(path.join(folder, f), "utf8"), f, name, ablate));
      } catch (err) {
        importErrors.push(`${name}/${f}: import failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return { name, records, refused: names.length - dev.length, importErrors };
  });
}
