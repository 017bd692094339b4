"use client";
import { useState, useTransition } from "react";
import { createUser, deleteUser, setUserRole } from "@/lib/server/actions/users";
import type { UserRow } from "@/lib/server/auth/users";
import { ListPanel, RowActionButton } from "./ListPanel";

/** Owners add people (email + password to hand over), change roles and remove people. */
export function UsersPanel({ users, me }: { users: UserRow[]; me: string | null }) {
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const report = (r: { ok: true } | { ok: false; error: { message: string; fields?: Record<string, string[]> } }) =>
    setMessage(
      r.ok ? null : `${r.error.message} ${r.error.fields ? Object.values(r.error.fields).flat().join("; ") : ""}`,
    );
  return (
    <ListPanel
      testId="users"
      title="People"
      intro="Owners change things (upload, share, label, re-run, replay, delete, settings); viewers read."
      error={message}
      headers={["Name", "Email", "Role", ""]}
      rows={users}
      rowKey={(u) => u.id}
      rowTestId="user-row"
      cells={(u) => [
        u.name,
        u.email,
        <select
          key="role"
          value={u.role}
          disabled={pending}
          onChange={(e) =>
            start(async () =>
              report(await setUserRole({ userId: u.id, role: e.target.value === "owner" ? "owner" : "viewer" })),
            )
          }
        >
          <option value="viewer">viewer</option>
          <option value="owner">owner</option>
        </select>,
        u.id === me ? (
          <span key="you" className="muted">
            you
          </span>
        ) : (
          <RowActionButton
            key="remove"
            label="Remove"
            pending={pending}
            onClick={() =>
              window.confirm(`Remove ${u.email}?`) && start(async () => report(await deleteUser({ userId: u.id })))
            }
          />
        ),
      ]}
    >
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          start(async () =>
            report(
              await createUser({
                name: String(f.get("name")),
                email: String(f.get("email")),
                password: String(f.get("password")),
                role: f.get("role") === "owner" ? "owner" : "viewer",
              }),
            ),
          );
        }}
      >
        <input name="name" placeholder="Name" maxLength={128} />
        <input name="email" type="email" placeholder="Email" required data-testid="user-email" />
        <input
          name="password"
          type="password"
          placeholder="Initial password (12+)"
          minLength={12}
          required
          data-testid="user-password"
        />
        <select name="role" defaultValue="viewer" data-testid="user-role">
          <option value="viewer">viewer</option>
          <option value="owner">owner</option>
        </select>
        <button type="submit" className="button primary" disabled={pending} data-testid="user-create">
          Add person
        </button>
      </form>
    </ListPanel>
  );
}
