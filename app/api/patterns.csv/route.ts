import { defineRoute } from "@/lib/server/http/define-route";
import { getFailurePatterns } from "@/lib/server/queries/failure-patterns";
import { patternsCsv } from "@/lib/view/patterns-csv";

const MAX_SYSTEM = 256;

/** GET /api/patterns.csv[?system=NAME] — the patterns by correction of /patterns, one row per pattern. */
export const GET = defineRoute({ access: "viewer" }, async (req) => {
  const system = new URL(req.url).searchParams.get("system")?.slice(0, MAX_SYSTEM) || undefined;
  const csv = patternsCsv(await getFailurePatterns({ system }));
  const file = (system ?? "all-systems").replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60) || "system";
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file}-patterns.csv"`,
      "x-content-type-options": "nosniff",
    },
  });
});
