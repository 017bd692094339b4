import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { db } from "../db";
import { allowedHosts } from "../http/allowed-hosts";
import { authSecret } from "./auth-secret";
import { config } from "../config";

/** The OIDC provider id used in URLs (`/api/auth/oauth2/callback/oidc`). */
export const OIDC_PROVIDER_ID = "oidc";

export function oidcConfigured(): boolean {
  const c = config();
  return Boolean(c.CULPRIT_OIDC_ISSUER && c.CULPRIT_OIDC_CLIENT_ID && c.CULPRIT_OIDC_CLIENT_SECRET);
}

function buildAuth() {
  const c = config();
  const publicUrl = c.CULPRIT_PUBLIC_URL || c.BETTER_AUTH_URL;
  // Hosts were already checked (request-guard); Better Auth derives its URL from the same list.
  const hostPatterns = [...allowedHosts()].flatMap((h) => [h, `${h}:*`]);
  const issuer = c.CULPRIT_OIDC_ISSUER?.replace(/\/+$/, "");
  return betterAuth({
    appName: "Culprit",
    secret: authSecret(),
    baseURL: publicUrl ? publicUrl : { allowedHosts: hostPatterns },
    database: prismaAdapter(db(), { provider: "postgresql" }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      // People are added by an owner (settings page) or the one-time setup link, never by themselves.
      disableSignUp: true,
      minPasswordLength: 10,
      maxPasswordLength: 256,
    },
    user: {
      additionalFields: {
        // New people (also first-time OIDC sign-ins) are viewers until an owner promotes them.
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: { cookiePrefix: "culprit", defaultCookieAttributes: { sameSite: "lax", httpOnly: true } },
    plugins: [
      ...(oidcConfigured()
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: c.CULPRIT_OIDC_NAME,
                  discoveryUrl: `${issuer}/.well-known/openid-configuration`,
                  clientId: c.CULPRIT_OIDC_CLIENT_ID!,
                  clientSecret: c.CULPRIT_OIDC_CLIENT_SECRET!,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
      nextCookies(), // must be last: lets server actions set the session cookie
    ],
  });
}

type Auth = ReturnType<typeof buildAuth>;
const globalForAuth = globalThis as unknown as { culpritAuth?: Auth };

/** One Better Auth instance per process, built on first use (it reads the environment). */
export function auth(): Auth {
  globalForAuth.culpritAuth ??= buildAuth();
  return globalForAuth.culpritAuth;
}

/** Forgets the instance, so the next `auth()` is built from the then-current environment and database client. */
export function forgetAuth(): void {
  globalForAuth.culpritAuth = undefined;
}
