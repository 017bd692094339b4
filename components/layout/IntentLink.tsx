"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * A `next/link` that prefetches its page when the reader reaches for it (pointer over it, or keyboard
 * focus), not when it scrolls into view. The header's links are on every page: prefetched on sight,
 * each page view cost five more server renders (ten requests), during the very seconds the page
 * itself was loading and hydrating on the same server and in the same browser.
 */
export function IntentLink({
  href,
  onMouseEnter,
  onFocus,
  ...props
}: Omit<ComponentProps<typeof Link>, "prefetch" | "href"> & { href: string }) {
  const router = useRouter();
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        router.prefetch(href);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        router.prefetch(href);
        onFocus?.(event);
      }}
    />
  );
}
