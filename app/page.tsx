import Link from "next/link";
import { requirePage } from "@/lib/server/auth/require-page";
import { listRuns } from "@/lib/server/queries/list-runs";
import { parseRunListParams, runListHref, PAGE_SIZE, SORT_KEYS, type TRunListParams } from "@/lib/runs/list-params";
import { RunsTable } from "@/components/runs/RunsTable";
import { RunFilters } from "@/components/runs/RunFilters";

export const dynamic = "force-dynamic";

export default async function RunsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePage("viewer", "/");
  const params = parseRunListParams(await searchParams);
  const { runs, total, systems } = await listRuns(params);
  const filtered = Boolean(params.outcome || params.system || params.q || params.flag);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    // Wider than the other pages: the incident queue uses the screen's width for its columns.
    <main className="page stack" style={{ maxWidth: 1680 }}>
      <div className="row">
        <h1>Runs</h1>
        <span className="muted">
          {total} {total === 1 ? "run" : "runs"}
        </span>
        <span className="spacer" />
        <Link className="button primary" href="/upload">
          Upload a trace
        </Link>
      </div>
      <RunFilters params={params} systems={systems} />
      {runs.length === 0 ? (
        <EmptyState filtered={filtered} />
      ) : (
        <RunsTable
          runs={runs}
          sortLinks={
            Object.fromEntries(
              SORT_KEYS.map((key) => [
                key,
                runListHref(params, {
                  sort: key,
                  dir: params.sort === key && params.dir === "desc" ? "asc" : "desc",
                  page: 1,
                }),
              ]),
            ) as Record<(typeof SORT_KEYS)[number], string>
          }
          sort={params.sort}
          dir={params.dir}
        />
      )}
      {pages > 1 && <Pagination params={params} pages={pages} />}
    </main>
  );
}

function EmptyState({ filtered }: { filtered: boolean }) {
  if (filtered)
    return (
      <div className="card muted">
        No run matches these filters. <Link href="/">Clear filters</Link>
      </div>
    );
  return (
    <div className="card stack" data-testid="empty-state">
      <h2>No runs yet</h2>
      <p className="muted" style={{ margin: 0 }}>
        Upload a trace (OpenTelemetry, Langfuse, LangSmith, Who&amp;When, AutoGen or Culprit JSON), post one to{" "}
        <code>/api/runs</code>, or point an OpenTelemetry exporter at <code>/v1/traces</code>. The demo runs load on
        first start of an empty database; restart with
        <code> npm start</code> to get them back.
      </p>
      <div className="row">
        <Link className="button primary" href="/upload">
          Upload a trace
        </Link>
        <a className="button" href="/schema/trace-v1.json">
          Trace format (JSON Schema)
        </a>
      </div>
    </div>
  );
}

function Pagination({ params, pages }: { params: TRunListParams; pages: number }) {
  return (
    <nav className="row" aria-label="Pagination">
      {params.page > 1 ? (
        <Link className="button" href={runListHref(params, { page: params.page - 1 })}>
          ← Previous
        </Link>
      ) : null}
      <span className="muted">
        Page {params.page} of {pages}
      </span>
      {params.page < pages ? (
        <Link className="button" href={runListHref(params, { page: params.page + 1 })}>
          Next →
        </Link>
      ) : null}
    </nav>
  );
}
