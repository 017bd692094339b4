import { ApiError } from "@/lib/server/api-errors";
import { deleteRun } from "@/lib/server/delete-run";
import { defineRoute } from "@/lib/server/http/define-route";
import { isRunId } from "@/lib/server/ids";

/** DELETE /api/runs/:id — removes the run and everything of it (owners; a bearer key does not suffice). */
export const DELETE = defineRoute<{ id: string }>({ access: "owner" }, async (_req, { params }) => {
  if (!isRunId(params.id) || !(await deleteRun(params.id)))
    throw new ApiError(404, "not_found", `No run with id "${params.id}".`);
  return new Response(null, { status: 204 });
});
