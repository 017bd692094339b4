"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { OutcomeBadge } from "./OutcomeBadge";
import { formatAge, formatCount, formatDuration } from "@/lib/format/numbers";
import type { SORT_KEYS } from "@/lib/runs/list-params";
import type { RunListRow } from "@/lib/view/run-row";
import styles from "./runs-table.module.css";

type SortKey = (typeof SORT_KEYS)[number];

const share = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)}%`);

/**
 * The culprit cell in the words the run page uses (lib/view/agent-standing.ts): an unknown outcome or
 * an unexplained failure names a suspect, not a culprit.
 */
function culpritCell(run: RunListRow) {
  if (!run.culprit)
    return (
      <span className="muted">{run.analysisStatus && run.analysisStatus !== "done" ? run.analysisStatus : "—"}</span>
    );
  const suspect = run.outcome === "unknown" || run.interaction === "unexplained";
  return suspect ? (
    <span title={`suspect: ${run.culprit}`}>? {run.culprit}</span>
  ) : (
    <span title={run.culprit}>{run.culprit}</span>
  );
}

/** The incident queue. Two checkboxes away from a comparison. */
export function RunsTable({
  runs,
  sortLinks,
  sort,
  dir,
}: {
  runs: RunListRow[];
  sortLinks: Record<SortKey, string>;
  sort: SortKey;
  dir: "asc" | "desc";
}) {
  const router = useRouter();
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s.slice(-1), id]));
  const header = (key: SortKey, label: string, numeric = false, className = "", title?: string) => (
    <th
      className={`${numeric ? "num" : ""} ${className}`}
      title={title}
      aria-sort={sort === key ? (dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link href={sortLinks[key]}>
        {label}
        {sort === key ? (dir === "asc" ? " ↑" : " ↓") : ""}
      </Link>
    </th>
  );
  return (
    <div className="stack">
      <div className="row" style={{ minHeight: 32 }}>
        <span className="muted">
          {selected.length === 0 ? "Select two runs to compare them." : `${selected.length} selected`}
        </span>
        <button
          className="button"
          disabled={selected.length !== 2}
          onClick={() => router.push(`/compare?a=${selected[0]}&b=${selected[1]}`)}
          data-testid="compare-selected"
        >
          Compare selected
        </button>
      </div>
      <table className={`table ${styles.table}`} data-testid="runs-table">
        <thead>
          <tr>
            <th aria-label="Select" className={styles.cSelect} />
            {header("outcome", "Outcome", false, styles.cOutcome)}
            {header("title", "Run")}
            {header("system", "System", false, styles.cSystem)}
            <th className={styles.cCulprit}>Culprit</th>
            <th className={`${styles.cInteraction} ${styles.from1400}`}>Interaction</th>
            {header("agents", "Agents", true, styles.cNum)}
            {header("steps", "Steps", true, styles.cNum)}
            {header("tokens", "Tokens", true, styles.cNum)}
            <th className={`num ${styles.cNum} ${styles.from1400}`}>Duration</th>
            {header(
              "verification",
              "Verification",
              true,
              `${styles.cShare} ${styles.from1600}`,
              "share of tokens spent on verification",
            )}
            {header(
              "redundancy",
              "Repeated",
              true,
              `${styles.cShare} ${styles.from1600}`,
              "share of tokens in near-duplicate messages",
            )}
            <th className={styles.cFlags}>Flags</th>
            {header("created", "Created", true, styles.cCreated)}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-run-id={run.id}>
              <td className={styles.select}>
                <input
                  type="checkbox"
                  aria-label={`Select ${run.title}`}
                  checked={selected.includes(run.id)}
                  onChange={() => toggle(run.id)}
                />
              </td>
              <td>
                <OutcomeBadge outcome={run.outcome} />
              </td>
              <td title={run.title}>
                <Link href={`/runs/${run.id}`}>{run.title}</Link>
              </td>
              <td className="muted" title={run.system ?? undefined}>
                {run.system ?? "—"}
              </td>
              <td data-testid="run-culprit">{culpritCell(run)}</td>
              <td className={`muted ${styles.from1400}`} title={run.interaction ?? undefined}>
                {run.interaction ?? "—"}
              </td>
              <td className="num">{run.agentCount}</td>
              <td className="num">{formatCount(run.stepCount)}</td>
              <td className="num">
                {run.totalTokens > 0 ? (
                  formatCount(run.totalTokens)
                ) : (
                  <span className="muted" title="not recorded">
                    —
                  </span>
                )}
              </td>
              <td className={`num ${styles.from1400}`} data-testid="run-duration">
                {formatDuration(run.startedAt, run.endedAt)}
              </td>
              <td className={`num ${styles.from1600}`} title="share of tokens spent on verification">
                {share(run.verificationCost)}
              </td>
              <td className={`num ${styles.from1600}`} title="share of tokens in near-duplicate messages">
                {share(run.redundancyShare)}
              </td>
              <td className="muted" style={{ fontSize: "var(--text-xs)" }} title={run.flagKinds?.join(", ")}>
                {run.flagKinds?.length ? run.flagKinds.join(", ") : "—"}
              </td>
              <td className="num muted" title={run.createdAt} suppressHydrationWarning>
                {formatAge(run.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
