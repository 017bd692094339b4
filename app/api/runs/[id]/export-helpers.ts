import "server-only";
import { ApiError } from "@/lib/server/api-errors";
import { getRunView } from "@/lib/server/run-page/full-view";
import type { RunViewData } from "@/lib/view/types";

/** Loads a run for an export route, or throws the 404 the route answers with. */
export async function runForExport(id: string): Promise<RunViewData> {
  const view = await getRunView({ runId: id });
  if (!view) throw new ApiError(404, "not_found", `No run with id "${id}".`);
  return view;
}

/** A file name safe in a Content-Disposition header, from the run title. */
export function exportFileName(view: RunViewData, suffix: string): string {
  const base =
    view.run.title
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "run";
  return `${base}-${view.run.id.slice(0, 8)}${suffix}`;
}

export function attachment(body: string, type: string, fileName: string, download: boolean): Response {
  return new Response(body, {
    headers: {
      "content-type": type,
      "x-content-type-options": "nosniff",
      ...(download ? { "content-disposition": `attachment; filename="${fileName}"` } : {}),
    },
  });
}
