import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/SignInForm";
import { signInRequired } from "@/lib/server/auth/auth-mode";
import { oidcConfigured } from "@/lib/server/auth/better-auth";
import { currentPrincipal } from "@/lib/server/auth/principal";
import { safeNext } from "@/lib/server/auth/safe-next";
import { config } from "@/lib/server/config";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in", robots: { index: false, follow: false } };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeNext((await searchParams).next);
  if (!signInRequired() || (await currentPrincipal())) redirect(next);
  return (
    <main className="page stack" style={{ maxWidth: 420 }}>
      <h1>Sign in to Culprit</h1>
      <SignInForm next={next} oidc={oidcConfigured() ? config().CULPRIT_OIDC_NAME : null} />
    </main>
  );
}
