import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SetupForm } from "@/components/auth/SetupForm";
import { signInRequired } from "@/lib/server/auth/auth-mode";
import { setupTokenMatches } from "@/lib/server/auth/setup-token";
import { ownerExists } from "@/lib/server/auth/users";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up", robots: { index: false, follow: false } };

/** The one-time setup link printed at start: creates the first owner while none exists. */
export default async function SetupPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (!signInRequired()) redirect("/");
  const token = (await searchParams).token;
  if (await ownerExists()) redirect("/sign-in");
  if (!setupTokenMatches(token)) {
    return (
      <main className="page stack" style={{ maxWidth: 480 }}>
        <h1>Set up Culprit</h1>
        <p className="alert warn" data-testid="setup-invalid">
          Open the setup link printed in the server log when Culprit started.
        </p>
      </main>
    );
  }
  return (
    <main className="page stack" style={{ maxWidth: 480 }}>
      <h1>Set up Culprit</h1>
      <p className="muted">Create the first owner. Owners add everyone else under Settings.</p>
      <SetupForm token={token as string} />
    </main>
  );
}
