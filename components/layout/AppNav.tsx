"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { authClient } from "@/components/auth/auth-client";
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
  if (path.startsWith("/s/") || path.startsWith("/sign-in") || path.startsWith("/setup")) return <span className={styles.brand}>{brand}</span>;
  return (
    <>
      <Link href="/" className={styles.brand}>
        {brand}
      </Link>
      <nav className={styles.nav}>
        <Link href="/">Runs</Link>
        <Link href="/upload">Upload</Link>
        <Link href="/compare">Compare</Link>
        <Link href="/patterns">Patterns</Link>
        <Link href="/settings">Settings</Link>
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
