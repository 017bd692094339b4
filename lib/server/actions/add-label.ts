"use server";
import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "../db";
import { isRunId } from "../queries/get-run-view";

const ZAddLabel = z
  .object({
    runId: z.string().refine(isRunId, "unknown run"),
    agent: z.string().trim().max(256).optional().transform((v) => v || undefined),
    stepId: z.string().trim().max(256).optional().transform((v) => v || undefined),
    note: z.string().trim().max(4000).optional().transform((v) => v || undefined),
    author: z.string().trim().max(128).optional().transform((v) => v || "reviewer"),
  })
  .refine((v) => v.agent || v.stepId, { message: "Name the culprit agent or step (or both).", path: ["agent"] });

export type AddLabelState = { ok: boolean; message: string; errors?: Record<string, string[]> };

/**
 * Records a person's statement of the true culprit (agent and/or step, with a note). Used with
 * `useActionState`: returns field errors instead of throwing. The agent and step must exist in the run.
 */
export async function addHumanLabel(_prev: AddLabelState | null, form: FormData): Promise<AddLabelState> {
  const parsed = ZAddLabel.safeParse({
    runId: form.get("runId"),
    agent: form.get("agent") ?? undefined,
    stepId: form.get("stepId") ?? undefined,
    note: form.get("note") ?? undefined,
    author: form.get("author") ?? undefined,
  });
  if (!parsed.success) return { ok: false, message: "The label is incomplete.", errors: z.flattenError(parsed.error).fieldErrors };
  const { runId, agent, stepId, note, author } = parsed.data;
  const prisma = db();
  const [agentRow, stepRow] = await Promise.all([
    agent ? prisma.agent.findFirst({ where: { runId, name: agent }, select: { name: true } }) : null,
    stepId ? prisma.step.findFirst({ where: { runId, stepId }, select: { agent: true } }) : null,
  ]);
  if (agent && !agentRow) return { ok: false, message: "The label is incomplete.", errors: { agent: [`no agent "${agent}" in this run`] } };
  if (stepId && !stepRow) return { ok: false, message: "The label is incomplete.", errors: { stepId: [`no step "${stepId}" in this run`] } };
  await prisma.humanLabel.create({
    data: { id: randomUUID(), runId, agent: agent ?? stepRow?.agent ?? null, stepId: stepId ?? null, note: note ?? null, author, imported: false },
  });
  revalidatePath(`/runs/${runId}`);
  return { ok: true, message: "Label saved." };
}
