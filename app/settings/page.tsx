import type { Metadata } from "next";
import { ApiKeysPanel } from "@/components/settings/ApiKeysPanel";
import { ShareLinksPanel } from "@/components/settings/ShareLinksPanel";
import { SignInFailuresPanel } from "@/components/settings/SignInFailuresPanel";
import { UsersPanel } from "@/components/settings/UsersPanel";
import { listApiKeys } from "@/lib/server/auth/api-keys";
import { signInRequired } from "@/lib/server/auth/auth-mode";
import { requirePage } from "@/lib/server/auth/require-page";
import { recentSignInFailures } from "@/lib/server/auth/sign-in-limits";
import { listUsers } from "@/lib/server/auth/users";
import { listLiveShareLinks } from "@/lib/server/queries/share-links";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

/** Owners manage API keys, people and share links here. */
export default async function SettingsPage() {
  const principal = await requirePage("owner", "/settings");
  if (!principal) {
    return (
      <main className="page stack" style={{ maxWidth: 860 }}>
        <h1>Settings</h1>
        <p className="alert warn" data-testid="settings-forbidden">
          Only owners manage API keys, people and share links.
        </p>
      </main>
    );
  }
  const signIn = signInRequired();
  const [keys, users, links, failures] = await Promise.all([
    signIn ? listApiKeys(null) : [],
    signIn ? listUsers() : [],
    listLiveShareLinks(),
    signIn ? recentSignInFailures() : [],
  ]);
  return (
    <main className="page stack" style={{ maxWidth: 960 }}>
      <h1>Settings</h1>
      {signIn ? (
        <>
          <ApiKeysPanel keys={keys} />
          <UsersPanel users={users} me={principal.userId} />
          <SignInFailuresPanel rows={failures} />
        </>
      ) : (
        <p className="muted" data-testid="settings-local">
          This Culprit listens on loopback only and needs no sign-in. For API keys and people, start it with{" "}
          <code>CULPRIT_AUTH=required</code> (or <code>CULPRIT_HOST</code>); until then <code>CULPRIT_API_KEY</code>{" "}
          protects ingestion.
        </p>
      )}
      <ShareLinksPanel links={links} />
    </main>
  );
}
