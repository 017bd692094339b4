"use client";
import { useState, useTransition } from "react";
import { createFirstOwner } from "@/lib/server/actions/setup";

export function SetupForm({ token }: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <form
      className="stack card"
      data-testid="setup-form"
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        start(async () => {
          const r = await createFirstOwner({
            token,
            name: String(form.get("name")),
            email: String(form.get("email")),
            password: String(form.get("password")),
          });
          if (r.ok) window.location.assign(r.data.next);
          else setError(`${r.error.message} ${r.error.fields ? Object.values(r.error.fields).flat().join("; ") : ""}`);
        });
      }}
    >
      <label className="stack">
        Name <input name="name" autoComplete="name" data-testid="setup-name" />
      </label>
      <label className="stack">
        Email <input name="email" type="email" autoComplete="username" required data-testid="setup-email" />
      </label>
      <label className="stack">
        Password (12+ characters, not a common one){" "}
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          required
          data-testid="setup-password"
        />
      </label>
      <button type="submit" className="button primary" disabled={pending} data-testid="setup-submit">
        Create owner
      </button>
      {error ? (
        <p className="alert error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
