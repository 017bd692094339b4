import Link from "next/link";
import styles from "./AppHeader.module.css";

export function AppHeader() {
  return (
    <header className={styles.header}>
      <Link href="/" className={styles.brand}>
        <span className={styles.mark} aria-hidden>◆</span> Culprit
      </Link>
      <nav className={styles.nav}>
        <Link href="/">Runs</Link>
        <Link href="/upload">Upload</Link>
        <Link href="/compare">Compare</Link>
        <Link href="/patterns">Patterns</Link>
      </nav>
    </header>
  );
}
