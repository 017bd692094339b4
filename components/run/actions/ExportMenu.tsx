"use client";
import { Menu } from "@/components/ui/Menu";

/** Report JSON, Markdown postmortem and training signals, for everyone who may read the run. */
export function ExportMenu({ runId, hasReport }: { runId: string; hasReport: boolean }) {
  return (
    <Menu label="Export ▾" testId="export-menu">
      <a href={`/api/runs/${runId}/report?download=1`} data-testid="export-report" aria-disabled={!hasReport}>
        Report (JSON)
      </a>
      <a href={`/api/runs/${runId}/postmortem?download=1`} data-testid="export-postmortem">
        Postmortem (Markdown)
      </a>
      <a href={`/api/runs/${runId}/training?download=1`} data-testid="export-training" aria-disabled={!hasReport}>
        Training signals (JSONL)
      </a>
    </Menu>
  );
}
