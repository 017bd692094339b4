"use client";
import { useState, useTransition } from "react";
import { authClient } from "./auth-client";

/** Email and password (and, when configured, OIDC) through Better Auth's client. */
export function SignInForm({ next, oidc }: { next: string; oidc: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="stack card"
      data-testid="sign-in-form"
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        start(async () => {
          setError(null);
          const { error: failed } = await authClient.signIn.email({
            email: String(form.get("email")),
            password: String(form.get("password")),
          });
          if (failed) setError(failed.message ?? "Sign-in failed.");
          else window.location.assign(next);
        });
      }}
    >
      <label className="stack">
        Email <input name="email" type="email" autoComplete="username" required data-testid="sign-in-email" />
      </label>
      <label className="stack">
        Password{" "}
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          data-testid="sign-in-password"
        />
      </label>
      <button type="submit" className="button primary" disabled={pending} data-testid="sign-in-submit">
        Sign in
      </button>
      {oidc ? (
        <button
          type="button"
          className="button"
          disabled={pending}
          onClick={() =>
            start(async () => void (await authClient.signIn.social({ provider: "oidc", callbackURL: next })))
          }
        >
          Sign in with {oidc}
        </button>
      ) : null}
      {error ? (
        <p className="alert error" role="alert" data-testid="sign-in-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
