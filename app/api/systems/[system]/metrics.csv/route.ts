import { errorResponse } from "@/lib/server/api-errors";
import { getSystemMetricsRows } from "@/lib/server/queries/system-budget";
import { metricsCsv } from "@/lib/view/metrics-csv";

/** GET /api/systems/:system/metrics.csv — trajectory metrics, one row per run of the system (newest first). */
export async function GET(_req: Request, { params }: { params: Promise<{ system: string }> }) {
  try {
    const system = decodeURIComponent((await params).system);
    const csv = metricsCsv(await getSystemMetricsRows(system));
    const file = system.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 60) || "system";
    return new Response(csv, {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${file}-metrics.csv"`, "x-content-type-options": "nosniff" },
    });
  } catch (err) {
    return errorResponse(err);
  }
}
