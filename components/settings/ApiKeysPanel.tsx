"use client";
import { useState, useTransition } from "react";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/server/actions/api-keys";
import type { ApiKeyRow } from "@/lib/server/auth/api-keys";
import { ListPanel, RowActionButton } from "./ListPanel";

const minute = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** Create (shown once) and revoke API keys for POST /api/runs and /v1/traces. */
export function ApiKeysPanel({ keys }: { keys: ApiKeyRow[] }) {
  const [created, setCreated] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  return (
    <ListPanel
      testId="api-keys"
      title="API keys"
      intro={
        <>
          For <code>POST /api/runs</code> and OTLP exporters (<code>/v1/traces</code>): send{" "}
          <code>Authorization: Bearer &lt;key&gt;</code>. A key is shown once; only its hash is stored.
        </>
      }
      error={message}
      headers={["Name", "Key", "Owner", "May", "Created", "Expires", "Last used", ""]}
      rows={keys}
      rowKey={(k) => k.id}
      rowTestId="api-key-row"
      cells={(k) => [
        k.name,
        <code key="prefix">{k.prefix}…</code>,
        k.owner,
        k.scope === "ingest-verify" ? "add runs, verify" : "add runs",
        minute(k.createdAt),
        k.expiresAt ? minute(k.expiresAt) : "never",
        k.lastUsedAt ? minute(k.lastUsedAt) : "never",
        <RowActionButton
          key="revoke"
          label="Revoke"
          pending={pending}
          onClick={() => start(async () => void (await revokeApiKeyAction({ id: k.id })))}
        />,
      ]}
    >
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const name = String(form.get("name") ?? "");
          const scope = form.get("scope") === "ingest-verify" ? "ingest-verify" : "ingest";
          const days = Number(form.get("days"));
          start(async () => {
            const r = await createApiKeyAction({ name, scope, expiresInDays: days > 0 ? days : null });
            if (r.ok) setCreated(r.data.key);
            else setMessage(r.error.message);
          });
        }}
      >
        <input
          name="name"
          placeholder="What uses it (e.g. CI exporter)"
          required
          maxLength={100}
          data-testid="api-key-name"
        />
        <select name="scope" aria-label="What the key may do" defaultValue="ingest" data-testid="api-key-scope">
          <option value="ingest">Add runs and spans</option>
          <option value="ingest-verify">Also store verifications</option>
        </select>
        <select name="days" aria-label="Expires after" defaultValue="90" data-testid="api-key-days">
          <option value="30">30 days</option>
          <option value="90">90 days</option>
          <option value="365">1 year</option>
          <option value="0">Never</option>
        </select>
        <button type="submit" className="button primary" disabled={pending} data-testid="api-key-create">
          Create key
        </button>
      </form>
      {created ? (
        <div className="alert" role="status">
          Copy it now, it is not shown again:{" "}
          <input
            readOnly
            value={created}
            size={60}
            data-testid="api-key-value"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      ) : null}
    </ListPanel>
  );
}
