"use client";
import { createAuthClient } from "better-auth/react";

/** Better Auth's browser client; same origin, so no base URL. */
export const authClient = createAuthClient();
