import "server-only";

/** True when the request's If-None-Match names `etag` (weak or strong, or `*`): answer 304. */
export function ifNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === etag || tag === "*";
  });
}
