"use client";
import { usePathname } from "next/navigation";
import { authClient } from "@/components/auth/auth-client";
import { IntentLink } from "./IntentLink";
import styles from "./AppHeader.module.css";

/**
 * The header: brand and navigation. Share-link pages (`/s/...`) and the sign-in pages get the brand
 * without any link: a share link reaches one run, and its page must not lead to others.
 */
export function AppNav({ user, signInOn }: { user: string | null; signInOn: boolean }) {
  const path = usePathname() ?? "";
  const brand = (
    <>
      <span className={styles.mark} aria-hidden>
        ◆
      </span>{" "}
      Culprit
    </>
  );
  if (path.startsWith("/s/") || path.startsWith("/sign-in") || path.startsWith("/setup"))
    return <span className={styles.brand}>{brand}</span>;
  return (
    <>
      <IntentLink href="/" className={styles.brand}>
        {brand}
      </IntentLink>
      <nav className={styles.nav}>
        <IntentLink href="/">Runs</IntentLink>
        <IntentLink href="/upload">Upload</IntentLink>
        <IntentLink href="/compare">Compare</IntentLink>
        <IntentLink href="/patterns">Patterns</IntentLink>
        <IntentLink href="/settings">Settings</IntentLink>
      </nav>
      {signInOn && user ? (
        <span className={styles.user}>
          <span className="muted" data-testid="signed-in-as">
            {user}
          </span>
          <button
            type="button"
            className="button"
            data-testid="sign-out"
            onClick={async () => {
              await authClient.signOut();
              window.location.assign("/sign-in");
            }}
          >
            Sign out
          </button>
        </span>
      ) : null}
    </>
  );
}
