import { z } from "zod";
import { passwordProblem } from "./password-policy";

/** A new person's name, email and initial password (setup link and settings page). */
export const ZNewUser = z
  .object({
    name: z.string().trim().max(128).default(""),
    email: z.email("Enter an email address.").max(256),
    password: z.string().max(256),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, [v.name, v.email]);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });
