"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { authClient } from "@/components/auth/auth-client";
import styles from "./AppHeader.module.css";

/**
 * The header navigation. Share-link pages (`/s/...`) and the sign-in pages show none: a share link
 * reaches one run, and its page must not lead to others.
 */
export function AppNav({ user, signInOn }: { user: string | null; signInOn: boolean }) {
  const path = usePathname() ?? "";
  if (path.startsWith("/s/") || path.startsWith("/sign-in") || path.startsWith("/setup")) return null;
  return (
    <>
      <nav className={styles.nav}>
        <Link href="/">Runs</Link>
        <Link href="/upload">Upload</Link>
        <Link href="/compare">Compare</Link>
        <Link href="/patterns">Patterns</Link>
        <Link href="/settings">Settings</Link>
      </nav>
      {signInOn && user ? (
        <span className={styles.user}>
          <span className="muted" data-testid="signed-in-as">{user}</span>
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
