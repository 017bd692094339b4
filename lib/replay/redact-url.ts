/**
 * A replay endpoint as it may be shown to people: scheme, host and path only. Credentials in the
 * user-info part or the query string (`https://user:pass@host/replay?key=...`) never reach the
 * browser, the stored view or error texts (F-14); the token belongs in CULPRIT_REPLAY_TOKEN.
 */
export function redactUrl(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}
