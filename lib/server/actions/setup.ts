"use server";
import { z } from "zod";
import { auth } from "../auth/better-auth";
import { setupTokenMatches } from "../auth/setup-token";
import { ZNewUser } from "../auth/user-input";
import { createPasswordUser, ownerExists } from "../auth/users";
import { ActionFailure, defineAction } from "./define-action";

let settingUp: Promise<unknown> = Promise.resolve();

/**
 * Creates the first owner through the one-time setup link and signs them in. Open to anyone who
 * holds the printed token, and only while no owner exists (serialized, so two tabs cannot both win).
 */
export const createFirstOwner = defineAction(
  { input: ZNewUser.extend({ token: z.string().max(200) }), role: "anyone" },
  async (input, { headers }) => {
    const run = settingUp.then(async () => {
      if (!setupTokenMatches(input.token))
        throw new ActionFailure("forbidden", "This setup link is not valid; use the one printed when Culprit started.");
      if (await ownerExists()) throw new ActionFailure("conflict", "Culprit already has an owner; sign in instead.");
      await createPasswordUser({ ...input, role: "owner" });
    });
    settingUp = run.catch(() => {});
    await run;
    await auth().api.signInEmail({
      body: { email: input.email.trim().toLowerCase(), password: input.password },
      headers,
    });
    return { next: "/" };
  },
);
