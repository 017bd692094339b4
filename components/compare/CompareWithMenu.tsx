"use client";
import Link from "next/link";
import type { CompareSuggestion } from "@/lib/server/queries/compare-suggestions";
import { Menu } from "@/components/ui/Menu";
import styles from "./compare.module.css";

const GROUP = { "same-system": "Same system", "same-task": "Same task", recent: "Recent" } as const;

/**
 * "Compare with…" for the run page: a menu of runs to compare `runId` with (from
 * `listCompareSuggestions({ runId })`), same system or task first, plus a link to the full picker.
 */
export function CompareWithMenu({ runId, suggestions }: { runId: string; suggestions: CompareSuggestion[] }) {
  let lastGroup: string | null = null;
  return (
    <Menu label="Compare with…" testId="compare-with" role="menu">
      {suggestions.map((s) => {
        const header = s.reason !== lastGroup ? <div className={styles.menuGroup}>{GROUP[s.reason]}</div> : null;
        lastGroup = s.reason;
        return (
          <div key={s.id}>
            {header}
            <Link role="menuitem" className={styles.menuItem} href={`/compare?a=${runId}&b=${s.id}`}>
              <span className={`badge ${s.outcome}`}>
                {s.outcome === "failure" ? "FAILED" : s.outcome === "success" ? "OK" : "?"}
              </span>
              <span style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{s.title}</span>
            </Link>
          </div>
        );
      })}
      <Link role="menuitem" className={styles.menuItem} href={`/compare?a=${runId}`}>
        Choose another run…
      </Link>
    </Menu>
  );
}
