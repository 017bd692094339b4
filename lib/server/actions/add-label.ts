"use server";
import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "../db";
import { isRunId } from "../ids";
import { ActionFailure, defineAction } from "./define-action";

const ZAddLabel = z
  .object({
    runId: z.string().refine(isRunId, "unknown run"),
    agent: z
      .string()
      .trim()
      .max(256)
      .optional()
      .transform((v) => v || undefined),
    stepId: z
      .string()
      .trim()
      .max(256)
      .optional()
      .transform((v) => v || undefined),
    note: z
      .string()
      .trim()
      .max(4000)
      .optional()
      .transform((v) => v || undefined),
    author: z
      .string()
      .trim()
      .max(128)
      .optional()
      .transform((v) => v || "reviewer"),
  })
  .refine((v) => v.agent || v.stepId, { message: "Name the culprit agent or step (or both).", path: ["agent"] });

/**
 * Records a person's statement of the true culprit (agent and/or step, with a note); owners only.
 * The author is the signed-in person (a free-text author only without sign-in), so labels cannot be
 * forged in someone else's name. The agent and step must exist in the run.
 */
export const addHumanLabel = defineAction(
  { input: ZAddLabel, role: "owner" },
  async ({ runId, agent, stepId, note, author }, { principal }) => {
    const prisma = db();
    const [agentRow, stepRow] = await Promise.all([
      agent ? prisma.agent.findFirst({ where: { runId, name: agent }, select: { name: true } }) : null,
      stepId ? prisma.step.findFirst({ where: { runId, stepId }, select: { agent: true } }) : null,
    ]);
    if (agent && !agentRow)
      throw new ActionFailure("bad_input", "The label is incomplete.", { agent: [`no agent "${agent}" in this run`] });
    if (stepId && !stepRow)
      throw new ActionFailure("bad_input", "The label is incomplete.", { stepId: [`no step "${stepId}" in this run`] });
    const by = principal.kind === "user" ? principal.name : author;
    await prisma.humanLabel.create({
      data: {
        id: randomUUID(),
        runId,
        agent: agent ?? stepRow?.agent ?? null,
        stepId: stepId ?? null,
        note: note ?? null,
        author: by,
        imported: false,
      },
    });
    revalidatePath(`/runs/${runId}`);
    return { message: "Label saved." };
  },
);
