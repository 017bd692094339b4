import Link from "next/link";
import { patternId } from "@/lib/patterns/correction-patterns";
import type { FixSuggestion } from "@/lib/attribution/types";

/** Links a run to its pattern by correction on /patterns (the pattern row's id is its anchor). */
export function PatternLink({
  fix,
  system,
}: {
  fix: Pick<FixSuggestion, "fixType" | "finding" | "channel">;
  system: string | null;
}) {
  const query = system ? `?system=${encodeURIComponent(system)}` : "";
  return (
    <Link href={`/patterns${query}#${patternId(fix)}`} data-testid="pattern-link">
      See this run&apos;s pattern
    </Link>
  );
}
