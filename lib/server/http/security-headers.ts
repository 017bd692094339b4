/**
 * Response headers for every page and route (F-17). Pages get a per-request nonce CSP from the proxy
 * (proxy.ts): scripts run only with the nonce Next stamps on its own inline scripts, or when loaded
 * by one ('strict-dynamic'). Styles allow 'unsafe-inline' because React `style` attributes and the
 * canvas library set inline styles; no trace content is ever rendered as HTML, so this leaves no
 * script path.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers for everything, pages and API alike. */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // Share links carry their token in the path: never send it (or run ids) to another site.
  "referrer-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "cross-origin-opener-policy": "same-origin",
};

export const API_SECURITY_HEADERS: Record<string, string> = {
  ...BASE_SECURITY_HEADERS,
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};
