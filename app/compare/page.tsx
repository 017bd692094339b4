import type { Metadata } from "next";
import { requirePage } from "@/lib/server/auth/require-page";
import { ComparePicker } from "@/components/compare/ComparePicker";
import { CompareView } from "@/components/compare/CompareView";
import { parseCompareViewState } from "@/lib/compare/compare-view-state";
import { getComparison } from "@/lib/server/queries/compare-runs";
import { listCompareSuggestions } from "@/lib/server/queries/compare-suggestions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Compare runs" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Two runs side by side: `/compare?a=<id>&b=<id>`; without both ids, a picker. */
export default async function ComparePage({ searchParams }: Props) {
  await requirePage("viewer", "/compare");
  const state = parseCompareViewState(await searchParams);
  if (!state.a || !state.b) {
    const suggestions = await listCompareSuggestions({ runId: state.a ?? undefined, limit: 30 });
    return <ComparePicker chosen={state.a} suggestions={suggestions} />;
  }
  const data = await getComparison({ a: state.a, b: state.b });
  if (!data.ok && data.tooLarge) {
    const suggestions = await listCompareSuggestions({ runId: state.a, limit: 30 });
    return <ComparePicker chosen={state.a} suggestions={suggestions} error={data.tooLarge} />;
  }
  if (!data.ok) {
    const keep = data.missing.includes("a") ? null : state.a;
    const suggestions = await listCompareSuggestions({ runId: keep ?? undefined, limit: 30 });
    return (
      <ComparePicker
        chosen={keep}
        suggestions={suggestions}
        error={`No run with id ${data.missing.map((s) => `“${s === "a" ? state.a : state.b}” (${s.toUpperCase()})`).join(" or ")}.`}
      />
    );
  }
  return <CompareView a={data.a} b={data.b} comparison={data.comparison} initialState={state} />;
}
