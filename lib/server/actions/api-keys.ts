"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { createApiKey, revokeApiKey } from "../auth/api-keys";
import { ActionFailure, defineAction } from "./define-action";

/**
 * Creates an API key for the signed-in owner; the key is returned once and only its hash is kept.
 * Without sign-in (loopback) there is no user to own a key: the bootstrap CULPRIT_API_KEY serves.
 */
export const createApiKeyAction = defineAction(
  { input: z.object({ name: z.string().trim().min(1, "Name the key.").max(100) }), role: "owner" },
  async ({ name }, { principal }) => {
    if (!principal.userId) throw new ActionFailure("conflict", "API keys belong to users; turn on sign-in (CULPRIT_AUTH=required) or use CULPRIT_API_KEY.");
    const created = await createApiKey(principal.userId, name);
    revalidatePath("/settings");
    return created;
  },
);

/** Revokes one of the caller's keys (an owner may revoke anyone's). */
export const revokeApiKeyAction = defineAction({ input: z.object({ id: z.uuid() }), role: "owner" }, async ({ id }) => {
  if (!(await revokeApiKey(id, null))) throw new ActionFailure("not_found", "Unknown key.");
  revalidatePath("/settings");
  return { id };
});
