/**
 * The evaluation's development sources, read at run time from the shared data folder (never
 * copied into the repository): the two Who&When subsets, odd-numbered records only (the
 * even-numbered ones are the owners' held-out test set and are never opened), and the
 * multi-source folders, which hold only development halves (every record file is read).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { whoAndWhenRecord, type EvalRecord } from "../../lib/eval/records";
import { readDevSplit } from "./read-dev-split";
import type { ImporterRule } from "../../lib/importers/importer-rules";

export interface Source {
  name: string;
  description: string;
  records: EvalRecord[];
  importErrors: string[];
}

const MULTI_SOURCE = ["agentracer-tracertraj-code", "longrca-sample", "agentrx-tau-retail"];

function readFolder(folder: string, name: string, ablate?: readonly ImporterRule[]): Source {
  const files = readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .sort();
  const records: EvalRecord[] = [];
  const importErrors: string[] = [];
  for (const f of files) {
    try {
      records.push(whoAndWhenRecord(readFileSync(path.join(folder, f), "utf8"), f, name, ablate));
    } catch (err) {
      importErrors.push(`${name}/${f}: import failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { name, description: "development half", records, importErrors };
}

/**
 * `dataRoot` holds `who_and_when/` and `multi-source/`; a missing folder is skipped with a note.
 * `ablate`: importer rules to leave out while reading (the rule ablation, `eval-rule-ablation.ts`).
 */
export function readSources(dataRoot: string, note: (s: string) => void, ablate?: readonly ImporterRule[]): Source[] {
  const out: Source[] = [];
  const ww = path.join(dataRoot, "who_and_when");
  if (existsSync(ww))
    for (const s of readDevSplit(ww, ablate))
      out.push({
        name: s.name,
        description: `Who&When, odd-numbered records (${s.refused} refused unread)`,
        records: s.records,
        importErrors: s.importErrors,
      });
  else note(`no Who&When folder at ${ww}`);
  for (const name of MULTI_SOURCE) {
    const folder = path.join(dataRoot, "multi-source", name);
    if (existsSync(folder)) out.push(readFolder(folder, name, ablate));
    else note(`no multi-source folder at ${folder}`);
  }
  return out;
}
