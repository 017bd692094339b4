"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { API_KEY_SCOPES, createApiKey, revokeApiKey } from "../auth/api-keys";
import { ActionFailure, defineAction } from "./define-action";

const ZNewKey = z.object({
  name: z.string().trim().min(1, "Name the key.").max(100),
  /** "ingest": runs and OTLP spans (exporters); "ingest-verify": also CLI verification results. */
  scope: z.enum(API_KEY_SCOPES).default("ingest"),
  /** Days until the key stops working; null: never. */
  expiresInDays: z.number().int().min(1).max(3650).nullable().default(90),
});

/**
 * Creates an API key for the signed-in owner; the key is returned once and only its hash is kept.
 * Its role is its creator's (owner); at use it follows the creator's current role.
 * Without sign-in (loopback) there is no user to own a key: the bootstrap CULPRIT_API_KEY serves.
 */
export const createApiKeyAction = defineAction(
  { input: ZNewKey, role: "owner" },
  async ({ name, scope, expiresInDays }, { principal }) => {
    if (!principal.userId)
      throw new ActionFailure(
        "conflict",
        "API keys belong to users; turn on sign-in (CULPRIT_AUTH=required) or use CULPRIT_API_KEY.",
      );
    const created = await createApiKey(principal.userId, name, { role: principal.role, scope, expiresInDays });
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
