import { dehydrate, HydrationBoundary, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { HydrateJson } from "./hydrate-json";

/**
 * Server side of "prefetch, then hydrate": the queries a page fetched with the shared options
 * (lib/queries) reach the client islands below, which read them with the same keys.
 *
 * The dehydrated state goes to the browser as one JSON string when it is plain JSON (what the BFF
 * would answer): React's RSC serializer then writes one string instead of walking every row and
 * field, and the server render and the browser read it with one native `JSON.parse` instead of the
 * RSC reader's per-value reviver (docs/decisions/bench-console-pages.md). State that JSON would
 * change (a Date, a pending query's promise, a Map…) goes as before, as RSC props.
 */
export function Hydrate({ client, children }: { client: QueryClient; children: ReactNode }) {
  const state = dehydrate(client);
  const json = plainJsonOf(state);
  if (json === null) return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
  return <HydrateJson state={json}>{children}</HydrateJson>;
}

/**
 * `value` as JSON text when JSON carries it unchanged: only null, booleans, finite numbers, strings,
 * arrays (without holes or undefined) and plain objects (an undefined property is left out, as the
 * BFF's JSON leaves it out). Anything else (a Date, a class instance, a promise, a Map, a bigint, a
 * non-finite number) → null.
 */
export function plainJsonOf(value: unknown): string | null {
  let plain = true;
  const replacer = function (this: unknown, key: string, current: unknown): unknown {
    // `current` is after toJSON: the holder's own value says what it was.
    const raw = (this as Record<string, unknown>)[key];
    switch (typeof raw) {
      case "string":
      case "boolean":
        return current;
      case "number":
        if (!Number.isFinite(raw)) plain = false;
        return current;
      case "undefined":
        if (Array.isArray(this)) plain = false;
        return current;
      case "object": {
        if (raw === null || Array.isArray(raw)) return current;
        const proto = Object.getPrototypeOf(raw) as unknown;
        if (proto !== Object.prototype && proto !== null) plain = false;
        return current;
      }
      default:
        plain = false;
        return current;
    }
  };
  try {
    const text = JSON.stringify(value, replacer);
    return plain && typeof text === "string" ? text : null;
  } catch {
    return null;
  }
}
