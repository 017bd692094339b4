import { signInRequired } from "@/lib/server/auth/auth-mode";
import { currentPrincipal } from "@/lib/server/auth/principal";
import { AppNav } from "./AppNav";
import styles from "./AppHeader.module.css";

export async function AppHeader() {
  const principal = await currentPrincipal();
  return (
    <header className={styles.header}>
      <AppNav
        user={principal?.kind === "user" ? `${principal.name} (${principal.role})` : null}
        signInOn={signInRequired()}
      />
    </header>
  );
}
