"use client";
import { useState, useTransition } from "react";
import { createUser, deleteUser, setUserRole } from "@/lib/server/actions/users";
import type { UserRow } from "@/lib/server/auth/users";

/** Owners add people (email + password to hand over), change roles and remove people. */
export function UsersPanel({ users, me }: { users: UserRow[]; me: string | null }) {
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const report = (r: { ok: true } | { ok: false; error: { message: string; fields?: Record<string, string[]> } }) =>
    setMessage(r.ok ? null : `${r.error.message} ${r.error.fields ? Object.values(r.error.fields).flat().join("; ") : ""}`);
  return (
    <section className="card stack" data-testid="users">
      <h2 style={{ margin: 0 }}>People</h2>
      <p className="muted" style={{ margin: 0 }}>
        Owners change things (upload, share, label, re-run, replay, delete, settings); viewers read.
      </p>
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
        <input name="password" type="password" placeholder="Initial password (10+)" minLength={10} required data-testid="user-password" />
        <select name="role" defaultValue="viewer" data-testid="user-role">
          <option value="viewer">viewer</option>
          <option value="owner">owner</option>
        </select>
        <button type="submit" className="button primary" disabled={pending} data-testid="user-create">
          Add person
        </button>
      </form>
      {message ? (
        <p className="alert error" role="alert">
          {message}
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Email</th>
            <th>Role</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} data-testid="user-row">
              <td>{u.name}</td>
              <td>{u.email}</td>
              <td>
                <select
                  value={u.role}
                  disabled={pending}
                  onChange={(e) => start(async () => report(await setUserRole({ userId: u.id, role: e.target.value === "owner" ? "owner" : "viewer" })))}
                >
                  <option value="viewer">viewer</option>
                  <option value="owner">owner</option>
                </select>
              </td>
              <td>
                {u.id === me ? (
                  <span className="muted">you</span>
                ) : (
                  <button
                    type="button"
                    className="button"
                    disabled={pending}
                    onClick={() => window.confirm(`Remove ${u.email}?`) && start(async () => report(await deleteUser({ userId: u.id })))}
                  >
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
