import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AnalysisStatus } from "@/components/run/AnalysisStatus";
import { RunActions } from "@/components/run/RunActions";
import { OwnerRunView } from "@/components/run/OwnerRunView";
import { RunView } from "@/components/run/RunView";
import { requirePage } from "@/lib/server/auth/require-page";
import { getRunPageView, isRunId, listShareLinks } from "@/lib/server/queries/get-run-view";
import { pageFocus, parseViewState } from "@/lib/view/view-state";
import { CompareWithMenu } from "@/components/compare/CompareWithMenu";
import { listCompareSuggestions } from "@/lib/server/queries/compare-suggestions";
import { ReplayPanel } from "@/components/replay/ReplayPanel";
import { latestVerification } from "@/lib/server/replay/verification-rows";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  return { title: `Run ${id.slice(0, 8)}` };
}

/** The incident view of one run: verdict, agents, canvas, inspector, timeline. */
export default async function RunPage({ params, searchParams }: Props) {
  const { id } = await params;
  const principal = await requirePage("viewer", `/runs/${id}`);
  if (!isRunId(id) || !principal) notFound();
  const canEdit = principal.role === "owner";
  const initialState = parseViewState(await searchParams);
  const [data, shareLinks, suggestions, verification] = await Promise.all([
    getRunPageView({ runId: id, focus: pageFocus(initialState) }),
    // Tokens are for owners: a viewer who saw one could pass the run on beyond their own access.
    canEdit ? listShareLinks({ runId: id }) : [],
    listCompareSuggestions({ runId: id }),
    latestVerification(id),
  ]);
  if (!data) notFound();
  const View = canEdit ? OwnerRunView : RunView;
  return (
    <View
      data={data}
      stepDetailUrl={`/api/runs/${data.run.id}/steps/`}
      initialState={initialState}
      readOnly={!canEdit}
      actions={
        <>
          <CompareWithMenu runId={data.run.id} suggestions={suggestions} />
          <RunActions runId={data.run.id} shareLinks={shareLinks} hasReport={data.report !== null} canEdit={canEdit} />
        </>
      }
      sidePanels={
        <>
          <h2 style={{ marginTop: 12 }}>Replay</h2>
          <ReplayPanel runId={data.run.id} latest={verification} canStart={canEdit} />
        </>
      }
      status={<AnalysisStatus runId={data.run.id} initial={data.analysis} hasReport={data.report !== null} />}
    />
  );
}
