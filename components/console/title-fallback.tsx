"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect } from "react";

const SUFFIX = " · Roster";

/**
 * Next.js 16 sometimes drops the page's <title> on a client-side navigation (vercel/next.js#95268:
 * static `metadata` is removed from <head> and not applied again until a reload). A page without a
 * title fails WCAG 2.4.2 and leaves the tab showing the URL, so after each navigation, when the
 * document has no title once the page settled, this names it after the page's heading.
 */
export function TitleFallback() {
  const pathname = usePathname();
  const search = useSearchParams();
  useEffect(() => {
    const apply = () => {
      if (document.title.trim() !== "") return true;
      const heading = document.querySelector("main h1")?.textContent?.trim();
      if (!heading) return false;
      document.title = `${heading}${SUFFIX}`;
      return true;
    };
    // Next applies streamed metadata shortly after the commit: leave it time to do so first.
    const timers = [250, 1000, 3000].map((ms) => window.setTimeout(apply, ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [pathname, search]);
  return null;
}
