import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CopyLinkButton } from "@/components/run/CopyLinkButton";
import { RunView } from "@/components/run/RunView";
import { getRunPageView, resolveShareToken } from "@/lib/server/queries/get-run-view";
import { pageFocus, parseViewState } from "@/lib/view/view-state";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Shared run", robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Read-only view of a shared run. Needs no sign-in; an unknown, revoked or expired token is a plain
 * 404, indistinguishable from one that never existed. Nothing on this page imports a server action
 * (RunView without a LabelForm, CopyLinkButton from its own module), so it ships no action ids, and
 * the header shows no navigation (components/layout/AppHeader).
 */
export default async function SharedRunPage({ params, searchParams }: Props) {
  const { token } = await params;
  const link = await resolveShareToken({ token });
  if (!link) notFound();
  const query = await searchParams;
  // The link's own query wins; a bare link opens the view it was created from.
  const initialState = parseViewState(Object.keys(query).length > 0 ? query : new URLSearchParams(link.viewState ?? ""));
  const data = await getRunPageView({ runId: link.runId, focus: pageFocus(initialState) });
  if (!data) notFound();
  // Share viewers get the run, not its id: the owner's URLs stay private to the owner.
  const shared = { ...data, run: { ...data.run, id: "shared" } };
  return (
    <RunView
      data={shared}
      stepDetailUrl={`/s/${token}/steps/`}
      initialState={initialState}
      readOnly
      actions={
        <div className="row" style={{ gap: 6 }}>
          <span className="badge unknown" data-testid="read-only-badge">
            read-only link
          </span>
          <CopyLinkButton />
        </div>
      }
      status={null}
    />
  );
}
