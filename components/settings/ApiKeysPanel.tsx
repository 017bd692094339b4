"use client";
import { useState, useTransition } from "react";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/server/actions/api-keys";
import type { ApiKeyRow } from "@/lib/server/auth/api-keys";

/** Create (shown once) and revoke API keys for POST /api/runs and /v1/traces. */
export function ApiKeysPanel({ keys }: { keys: ApiKeyRow[] }) {
  const [created, setCreated] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <section className="card stack" data-testid="api-keys">
      <h2 style={{ margin: 0 }}>API keys</h2>
      <p className="muted" style={{ margin: 0 }}>
        For <code>POST /api/runs</code> and OTLP exporters (<code>/v1/traces</code>): send <code>Authorization: Bearer &lt;key&gt;</code>. A key is shown once;
        only its hash is stored.
      </p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          const name = String(new FormData(e.currentTarget).get("name") ?? "");
          start(async () => {
            const r = await createApiKeyAction({ name });
            if (r.ok) setCreated(r.data.key);
            else setMessage(r.error.message);
          });
        }}
      >
        <input name="name" placeholder="What uses it (e.g. CI exporter)" required maxLength={100} data-testid="api-key-name" />
        <button type="submit" className="button primary" disabled={pending} data-testid="api-key-create">
          Create key
        </button>
      </form>
      {created ? (
        <div className="alert" role="status">
          Copy it now, it is not shown again: <input readOnly value={created} size={60} data-testid="api-key-value" onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
      {message ? (
        <p className="alert error" role="alert">
          {message}
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Key</th>
            <th>Owner</th>
            <th>Created</th>
            <th>Last used</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} data-testid="api-key-row">
              <td>{k.name}</td>
              <td>
                <code>{k.prefix}…</code>
              </td>
              <td>{k.owner}</td>
              <td>{k.createdAt.slice(0, 16).replace("T", " ")}</td>
              <td>{k.lastUsedAt ? k.lastUsedAt.slice(0, 16).replace("T", " ") : "never"}</td>
              <td>
                <button type="button" className="button" disabled={pending} onClick={() => start(async () => void (await revokeApiKeyAction({ id: k.id })))}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
