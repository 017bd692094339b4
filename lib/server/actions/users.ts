"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";

import { changeRole, createPasswordUser, removeUser, UserExistsError } from "../auth/users";
import { ActionFailure, defineAction } from "./define-action";
import { ZNewUser } from "../auth/user-input";

const ZRole = z.enum(["owner", "viewer"]);

/** Adds a person who signs in with email and password (owners only); tell them the password. */
export const createUser = defineAction({ input: ZNewUser.extend({ role: ZRole }), role: "owner" }, async (input) => {
  try {
    const { id } = await createPasswordUser(input);
    revalidatePath("/settings");
    return { id };
  } catch (err) {
    if (err instanceof UserExistsError) throw new ActionFailure("conflict", err.message);
    throw err;
  }
});

/** Makes a person an owner or a viewer (owners only). The last owner cannot step down. */
export const setUserRole = defineAction(
  { input: z.object({ userId: z.string().min(1).max(100), role: ZRole }), role: "owner" },
  async ({ userId, role }) => {
    const outcome = await changeRole(userId, role);
    if (outcome === "last-owner") throw new ActionFailure("conflict", "Culprit needs at least one owner.");
    if (outcome === "not-found") throw new ActionFailure("not_found", "Unknown user.");
    // Sessions carry no role (it is read per request), so the change applies at once.
    revalidatePath("/settings");
    return { userId, role };
  },
);

/** Removes a person, their sessions and their API keys (owners only); not the last owner. */
export const deleteUser = defineAction(
  { input: z.object({ userId: z.string().min(1).max(100) }), role: "owner" },
  async ({ userId }, { principal }) => {
    if (principal.userId === userId) throw new ActionFailure("conflict", "You cannot delete yourself.");
    const outcome = await removeUser(userId);
    if (outcome === "last-owner") throw new ActionFailure("conflict", "Culprit needs at least one owner.");
    if (outcome === "not-found") throw new ActionFailure("not_found", "Unknown user.");
    revalidatePath("/settings");
    return { userId };
  },
);
