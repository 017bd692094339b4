"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { deleteRun as deleteRunRows } from "../delete-run";
import { isRunId } from "../ids";
import { ActionFailure, defineAction } from "./define-action";

/** Deletes a run and everything of it (owners only); the run page asks for confirmation first. */
export const deleteRun = defineAction(
  { input: z.object({ runId: z.string().refine(isRunId, "Unknown run.") }), role: "owner" },
  async ({ runId }) => {
    if (!(await deleteRunRows(runId))) throw new ActionFailure("not_found", "Unknown run.");
    revalidatePath("/");
    return { deleted: runId };
  },
);
