"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { OutcomeBadge } from "./OutcomeBadge";
import { formatAge, formatCount, formatDuration } from "@/lib/format/numbers";
import type { SORT_KEYS } from "@/lib/runs/list-params";
import type { RunListRow } from "@/lib/view/run-row";

type SortKey = (typeof SORT_KEYS)[number];

const share = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)}%`);

/** The incident queue. Two checkboxes away from a comparison. */
export function RunsTable({ runs, sortLinks, sort, dir }: { runs: RunListRow[]; sortLinks: Record<SortKey, string>; sort: SortKey; dir: "asc" | "desc" }) {
  const router = useRouter();
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s.slice(-1), id]));
  const header = (key: SortKey, label: string, numeric = false) => (
    <th className={numeric ? "num" : undefined} aria-sort={sort === key ? (dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link href={sortLinks[key]}>
        {label}
        {sort === key ? (dir === "asc" ? " ↑" : " ↓") : ""}
      </Link>
    </th>
  );
  return (
    <div className="stack">
      <div className="row" style={{ minHeight: 32 }}>
        <span className="muted">{selected.length === 0 ? "Select two runs to compare them." : `${selected.length} selected`}</span>
        <button
          className="button"
          disabled={selected.length !== 2}
          onClick={() => router.push(`/compare?a=${selected[0]}&b=${selected[1]}`)}
          data-testid="compare-selected"
        >
          Compare selected
        </button>
      </div>
      <table className="table" data-testid="runs-table">
        <thead>
          <tr>
            <th aria-label="Select" />
            {header("outcome", "Outcome")}
            {header("title", "Run")}
            {header("system", "System")}
            <th>Culprit</th>
            <th>Interaction</th>
            {header("agents", "Agents", true)}
            {header("steps", "Steps", true)}
            {header("tokens", "Tokens", true)}
            <th className="num">Duration</th>
            {header("verification", "Verification", true)}
            {header("redundancy", "Repeated", true)}
            <th>Flags</th>
            {header("created", "Created", true)}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-run-id={run.id}>
              <td>
                <input type="checkbox" aria-label={`Select ${run.title}`} checked={selected.includes(run.id)} onChange={() => toggle(run.id)} />
              </td>
              <td>
                <OutcomeBadge outcome={run.outcome} />
              </td>
              <td style={{ maxWidth: 420 }}>
                <Link href={`/runs/${run.id}`}>{run.title}</Link>
              </td>
              <td className="muted">{run.system ?? "—"}</td>
              <td>{run.culprit ?? <span className="muted">{run.analysisStatus && run.analysisStatus !== "done" ? run.analysisStatus : "—"}</span>}</td>
              <td className="muted">{run.interaction ?? "—"}</td>
              <td className="num">{run.agentCount}</td>
              <td className="num">{formatCount(run.stepCount)}</td>
              <td className="num">{formatCount(run.totalTokens)}</td>
              <td className="num" data-testid="run-duration">
                {formatDuration(run.startedAt, run.endedAt)}
              </td>
              <td className="num" title="share of tokens spent on verification">
                {share(run.verificationCost)}
              </td>
              <td className="num" title="share of tokens in near-duplicate messages">
                {share(run.redundancyShare)}
              </td>
              <td className="muted" style={{ fontSize: "var(--text-xs)" }}>
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
