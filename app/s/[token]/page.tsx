import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CopyLinkButton } from "@/components/run/CopyLinkButton";
import { LoadedRunView } from "@/components/run/LoadedRunView";
import { getRunPageShell } from "@/lib/server/run-page/shell";
import { resolveShareToken } from "@/lib/server/queries/share-links";
import { pageFocus, parseViewState } from "@/lib/view/view-state";
import { runBodyUrl } from "@/lib/view/run-body-url";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Shared run", robots: { index: false, follow: false } };

type Props = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * Read-only view of a shared run. Needs no sign-in; an unknown, revoked or expired token is a plain
 * 404, indistinguishable from one that never existed. Nothing on this page imports a server action
 * (LoadedRunView without a LabelForm, CopyLinkButton from its own module), so it ships no action ids, and
 * the header shows no navigation (components/layout/AppHeader). The run's body comes from
 * /s/:token/view, through the token like everything else here (decision 0019).
 */
export default async function SharedRunPage({ params, searchParams }: Props) {
  const { token } = await params;
  const link = await resolveShareToken({ token });
  if (!link) notFound();
  const query = await searchParams;
  // The link's own query wins; a bare link opens the view it was created from.
  const initialState = parseViewState(
    Object.keys(query).length > 0 ? query : new URLSearchParams(link.viewState ?? ""),
  );
  const page = await getRunPageShell({ runId: link.runId });
  if (!page) notFound();
  // Share viewers get the run, not its id: the owner's URLs stay private to the owner.
  const shell = { ...page.shell, run: { ...page.shell.run, id: "shared" } };
  const bodyUrl = runBodyUrl(`/s/${token}/view`, page.bodyVersion, shell.run.stepCount, pageFocus(initialState));
  return (
    <>
      {/* Starts the body's download with the HTML, beside the scripts (React hoists it into <head>; LoadedRunView fetches the same URL). */}
      <link rel="preload" as="fetch" href={bodyUrl} crossOrigin="anonymous" />
      <LoadedRunView
        shell={shell}
        bodyUrl={bodyUrl}
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
    </>
  );
}
