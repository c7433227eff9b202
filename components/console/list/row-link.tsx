"use client";

import { useRouter } from "next/navigation";
import { startTransition, type ComponentProps, type MouseEvent } from "react";

/** A click the browser must handle itself: another button, a modifier (new tab or window), or a target. */
export function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute("target");
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== "" && target !== "_self") ||
    event.currentTarget.hasAttribute("download")
  );
}

/**
 * The link of a list row to its detail page. Not prefetched when it scrolls into view (a page of 100
 * rows would prefetch 100 detail pages, issue 11); prefetched on intent instead: when the pointer
 * enters it or it receives focus. A plain `<a>` rather than `next/link` (a list renders one per row,
 * and next/link's per-instance context, refs and visibility observer cost server render and
 * hydration for a prefetch this link never does): a plain click is a client-side navigation as with
 * next/link (`router.push`), a modified click (new tab, download…) is the browser's.
 */
export function RowLink({ href, onPointerEnter, onFocus, onClick, ...props }: Omit<ComponentProps<"a">, "href"> & { href: string }) {
  const router = useRouter();
  return (
    <a
      href={href}
      onPointerEnter={(e) => {
        router.prefetch(href);
        onPointerEnter?.(e);
      }}
      onFocus={(e) => {
        router.prefetch(href);
        onFocus?.(e);
      }}
      onClick={(e) => {
        onClick?.(e);
        if (opensElsewhere(e)) return;
        e.preventDefault();
        startTransition(() => router.push(href));
      }}
      {...props}
    />
  );
}
