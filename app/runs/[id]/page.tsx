import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AnalysisStatus } from "@/components/run/AnalysisStatus";
import { RunActions } from "@/components/run/RunActions";
import { OwnerRunView } from "@/components/run/OwnerRunView";
import { LoadedRunView } from "@/components/run/LoadedRunView";
import { requirePage } from "@/lib/server/auth/require-page";
import { getRunPageShell } from "@/lib/server/run-page/shell";
import { isRunId } from "@/lib/server/ids";
import { listShareLinks } from "@/lib/server/queries/share-links";
import { pageFocus, parseViewState } from "@/lib/view/view-state";
import { runBodyUrl } from "@/lib/view/run-body-url";
import { CompareWithMenu } from "@/components/compare/CompareWithMenu";
import { listCompareSuggestions } from "@/lib/server/queries/compare-suggestions";
import { ReplayPanel } from "@/components/replay/ReplayPanel";
import { latestVerification } from "@/lib/server/replay/verification-rows";
import { RunFixes } from "@/components/fixes/RunFixes";
import { LangfuseWriteBackButton } from "@/components/run/LangfuseWriteBackButton";
import { langfuseHostShown } from "@/lib/server/langfuse/langfuse-settings";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Run ${id.slice(0, 8)}` };
}

/**
 * The incident view of one run: verdict, agents, canvas, inspector, timeline. The page renders what
 * can change (run row, analysis status, labels, actions); the steps, edges and report summary are
 * fetched from /api/runs/:id/view, which the page preloads (decision 0019).
 */
export default async function RunPage({ params, searchParams }: Props) {
  const { id } = await params;
  const principal = await requirePage("viewer", `/runs/${id}`);
  if (!isRunId(id) || !principal) notFound();
  const canEdit = principal.role === "owner";
  const initialState = parseViewState(await searchParams);
  const [page, shareLinks, suggestions, verification] = await Promise.all([
    getRunPageShell({ runId: id }),
    // Tokens are for owners: a viewer who saw one could pass the run on beyond their own access.
    canEdit ? listShareLinks({ runId: id }) : [],
    listCompareSuggestions({ runId: id }),
    latestVerification(id),
  ]);
  if (!page) notFound();
  const { shell } = page;
  const bodyUrl = runBodyUrl(
    `/api/runs/${shell.run.id}/view`,
    page.bodyVersion,
    shell.run.stepCount,
    pageFocus(initialState),
  );
  const View = canEdit ? OwnerRunView : LoadedRunView;
  return (
    <>
      {/* Starts the body's download with the HTML, beside the scripts (React hoists it into <head>; LoadedRunView fetches the same URL). */}
      <link rel="preload" as="fetch" href={bodyUrl} crossOrigin="anonymous" />
      <View
        shell={shell}
        bodyUrl={bodyUrl}
        stepDetailUrl={`/api/runs/${shell.run.id}/steps/`}
        initialState={initialState}
        readOnly={!canEdit}
        actions={
          <>
            <CompareWithMenu runId={shell.run.id} suggestions={suggestions} />
            <RunActions runId={shell.run.id} shareLinks={shareLinks} hasReport={page.hasReport} canEdit={canEdit} />
            {canEdit && shell.run.sourceFormat === "langfuse" && langfuseHostShown() ? (
              <LangfuseWriteBackButton runId={shell.run.id} hasReport={page.hasReport} />
            ) : null}
          </>
        }
        sidePanels={
          <>
            <h2 style={{ marginTop: 12 }}>Replay</h2>
            <ReplayPanel runId={shell.run.id} latest={verification} canStart={canEdit} />
            <RunFixes runId={shell.run.id} canStart={canEdit} />
          </>
        }
        status={<AnalysisStatus runId={shell.run.id} initial={shell.analysis} hasReport={page.hasReport} />}
      />
    </>
  );
}
