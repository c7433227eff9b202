"use client";

import { useSearchParams } from "next/navigation";
import { useCallback } from "react";

// The one place the console writes its URL without a navigation (the list framework's state and the
// one-shot notice parameters). Next's app router follows the History API: `useSearchParams` and
// `usePathname` update and no server request is made. A URL equal to the current one is not written
// again (no duplicate history entry).

/** Writes `url` (same origin) as a new history entry ("push") or in place of the current one ("replace"). */
export function writeUrl(url: string, history: "push" | "replace" = "push") {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  if (url === here) return;
  if (history === "push") window.history.pushState(null, "", url);
  else window.history.replaceState(null, "", url);
}

/**
 * One query parameter of the page (`?created=<id>`) and a function that drops it from the URL (in
 * place: a reload or Back does not bring it back), without a navigation.
 */
export function useUrlParam(name: string): [string | null, () => void] {
  const value = useSearchParams()?.get(name) ?? null;
  const clear = useCallback(() => {
    const params = new URLSearchParams(window.location.search);
    if (!params.has(name)) return;
    params.delete(name);
    const query = params.toString();
    writeUrl(`${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`, "replace");
  }, [name]);
  return [value, clear];
}
