/**
 * Where to go after sign-in: a path on this site, or "/". Browsers drop tabs and newlines from URLs,
 * so `/\t/evil.example` would become `//evil.example` (another origin: security review L-1); any
 * control character or backslash is refused, and what is left must resolve to this origin.
 */
export function safeNext(value: string | string[] | undefined): string {
  const raw = typeof value === "string" ? value : "/";
  if (raw.length > 2000 || !raw.startsWith("/") || raw.startsWith("//") || /[\u0000-\u001f\u007f\\]/.test(raw))
    return "/";
  try {
    const url = new URL(raw, "http://culprit.invalid");
    return url.origin === "http://culprit.invalid" ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}
