import { defineRoute } from "@/lib/server/http/define-route";
import { getSystemMetricsRows } from "@/lib/server/queries/system-budget";
import { metricsCsv } from "@/lib/view/metrics-csv";

/** GET /api/systems/:system/metrics.csv — trajectory metrics, one row per run of the system (newest first). */
export const GET = defineRoute<{ system: string }>({ access: "viewer" }, async (_req, { params }) => {
  const system = params.system;
  const csv = metricsCsv(await getSystemMetricsRows(system));
  const file = system.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60) || "system";
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file}-metrics.csv"`,
      "x-content-type-options": "nosniff",
    },
  });
});
