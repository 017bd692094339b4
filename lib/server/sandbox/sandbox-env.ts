/**
 * The environment a sandbox child starts with: what Node, tsx and the tasks read, nothing else. The
 * children parse hostile input, so the database URL, session secrets and API keys of the web server
 * stay out of their reach. NODE_OPTIONS is left out too: the parent's loaders and flags are its own.
 */
const PASSED = ["PATH", "HOME", "TMPDIR", "TMP", "TEMP", "TZ", "LANG", "LC_ALL", "NODE_ENV", "CULPRIT_SANDBOX_NICE"];

export function sandboxEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of PASSED) {
    const value = env[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
