import "server-only";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { db } from "../db";
import { allowedHosts } from "./allowed-hosts";
import { authSecret } from "./auth-secret";
import { CLIENT_ADDRESS_HEADER } from "./client-address.mjs";
import { hashPassword, verifyPassword } from "./password-hash";
import { MIN_PASSWORD_LENGTH } from "./password-policy";
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
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 256,
      // scrypt on the libuv pool, never on the event loop (password-hash.ts).
      password: { hash: hashPassword, verify: verifyPassword },
    },
    // Names are shown as label authors and passwords follow the policy only when an owner sets
    // them: people cannot rename themselves or change their password through the API.
    disabledPaths: ["/update-user", "/change-password", "/change-email", "/sign-up/email"],
    // Sign-in limits are ours (sign-in-guard.ts: per account and per address, in Postgres); Better
    // Auth's in-memory per-IP limiter would only repeat the per-address one.
    rateLimit: { enabled: false },
    user: {
      additionalFields: {
        // New people (also first-time OIDC sign-ins) are viewers until an owner promotes them.
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: {
      cookiePrefix: "culprit",
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      // The front server's client address (socket, or a trusted proxy's X-Forwarded-For), never the client's own header.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
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
