import { z } from "zod";

/** A new person's name, email and initial password (setup link and settings page). */
export const ZNewUser = z.object({
  name: z.string().trim().max(128).default(""),
  email: z.email("Enter an email address.").max(256),
  password: z.string().min(10, "At least 10 characters.").max(256),
});
