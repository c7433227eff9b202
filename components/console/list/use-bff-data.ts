"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { onApiError } from "@/lib/console/auth/on-api-error";
import { DEFAULT_STALE_TIME, shouldRetry } from "@/lib/queries/policy";

// A BFF read for the pages that go without TanStack Query (/employments: docs/decisions/
// console-bundle-budgets.md, "Follow-up: /employments without TanStack Query"). It keeps the rules
// the console's QueryClient gives its queries (lib/queries/query-client.ts):
// - the server's answer for the first key is used as is (no fetch on mount), fresh for 30 s;
// - a new key shows the previous key's data (`isPlaceholderData`) until its own arrives, or at once
//   what the tab already read for it (then fetched again if older than 30 s), as `keepPreviousData`;
// - a poll every `pollMs` while the tab is visible (`refetchInterval`), and a read when the tab
//   comes back or the network does if the data is older than 30 s (`refetchOnWindowFocus`);
// - network failures and 5xx are retried once after a second (`shouldRetry`); a failed read keeps
//   the data the key had (none for a placeholder); a 401 sends to sign in (`onApiError`);
// - an answer equal to the one shown keeps its object (no re-render of the rows for a poll that
//   found nothing new, as TanStack's structural sharing).
// The answers are kept per key for the tab (the last 50), shared by every hook that reads the key.

interface Entry {
  data: unknown;
  json: string;
  at: number;
}

const CACHE_SIZE = 50;
const cache = new Map<string, Entry>();
const RETRY_DELAY_MS = 1_000;

/** Keeps an answer for `key` (its object kept when equal to the one held), the oldest forgotten past 50. */
export function remember(key: string, data: unknown, json: string, at: number): Entry {
  const previous = cache.get(key);
  const entry = { data: previous && previous.json === json ? previous.data : data, json, at };
  cache.delete(key);
  cache.set(key, entry);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return entry;
}

/** What the tab holds for `key`. */
export const remembered = (key: string): Entry | undefined => cache.get(key);

/** Keeps the server's answer unless the tab holds a newer one (as TanStack's hydration does). */
export function seed(key: string, data: unknown, at: number) {
  const cached = cache.get(key);
  if (!cached || cached.at < at) remember(key, data, JSON.stringify(data), at);
}

/** Forgets what the tab read (tests). */
export function clearBffDataCache() {
  cache.clear();
}

/**
 * One read, retried once after `delayMs` when `shouldRetry` says so (network failure, 5xx); rejects
 * with the last error, or an AbortError once `signal` aborts.
 */
export async function readWithRetry<T>(
  read: (signal: AbortSignal) => Promise<T>,
  signal: AbortSignal,
  delayMs = RETRY_DELAY_MS,
): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await read(signal);
    } catch (error) {
      if (signal.aborted || !shouldRetry(failures, error)) throw error;
      await sleep(delayMs, signal);
    }
  }
}

export interface BffDataOptions<T> {
  /** The server's answer for `key`, with when it was read (`Date.now()` on the server). */
  initial?: { key: string; data: T; at: number };
  /** Read again every `pollMs` while the tab is visible. */
  pollMs?: number;
  /** false: no read at all (the data the key has is still shown). */
  enabled?: boolean;
}

export interface BffData<T> {
  data: T | undefined;
  error: unknown;
  /** No data for the key yet, and no error. */
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** The data shown is the previous key's, while this key's is read. */
  isPlaceholderData: boolean;
  refetch(): Promise<void>;
}

interface View {
  key: string;
  data: unknown;
  placeholder: boolean;
  error: unknown;
  fetching: boolean;
}

/** The view of `key` given the answer held for it (none: the previous key's data as a placeholder). */
function viewOf(key: string, held: { data: unknown } | undefined, previous: View | null, enabled: boolean): View {
  if (held) return { key, data: held.data, placeholder: false, error: null, fetching: false };
  const data = previous?.data;
  return { key, data, placeholder: data !== undefined, error: null, fetching: enabled };
}

/** The view of `key` from what the tab holds for it. */
const viewFor = (key: string, previous: View | null, enabled: boolean): View => viewOf(key, cache.get(key), previous, enabled);

const isAbort = (e: unknown) => e instanceof DOMException && e.name === "AbortError";

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Aborted", "AbortError"));
    });
  });
}

export function useBffData<T>(key: string, read: (signal: AbortSignal) => Promise<T>, options: BffDataOptions<T> = {}): BffData<T> {
  const { initial, pollMs, enabled = true } = options;
  const [view, setView] = useState<View>(() => {
    // The server renders from its own answer alone: the answers kept per key are the tab's, and a
    // module of the server is shared by every request (one user's render must never show what
    // another request read, nor an older answer than its own).
    if (typeof window === "undefined") return viewOf(key, initial?.key === key ? initial : undefined, null, enabled);
    if (initial) seed(initial.key, initial.data, initial.at);
    return viewFor(key, null, enabled);
  });
  // A new key: what the tab has for it, or the previous data as a placeholder (state adjusted during render).
  let current = view;
  if (view.key !== key) {
    current = viewFor(key, view, enabled);
    setView(current);
  }

  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });
  const keyRef = useRef(key);
  const inFlight = useRef<{ key: string; controller: AbortController; done: Promise<void> } | null>(null);

  const fetchKey = useCallback((target: string): Promise<void> => {
    const running = inFlight.current;
    if (running && running.key === target) return running.done;
    running?.controller.abort();
    const controller = new AbortController();
    setView((v) => (v.key === target && !v.fetching ? { ...v, fetching: true } : v));
    const done = (async () => {
      try {
        const data = await readWithRetry((signal) => readRef.current(signal), controller.signal);
        const entry = remember(target, data, JSON.stringify(data), Date.now());
        if (keyRef.current === target) setView({ key: target, data: entry.data, placeholder: false, error: null, fetching: false });
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return;
        onApiError(error);
        setView((v) =>
          v.key === target ? { ...v, data: v.placeholder ? undefined : v.data, placeholder: false, error, fetching: false } : v,
        );
      }
    })().finally(() => {
      if (inFlight.current?.controller === controller) inFlight.current = null;
    });
    inFlight.current = { key: target, controller, done };
    return done;
  }, []);

  // Read the key when it has nothing, or only a stale answer.
  useEffect(() => {
    keyRef.current = key;
    if (!enabled) return;
    const cached = cache.get(key);
    if (!cached || Date.now() - cached.at > DEFAULT_STALE_TIME) void fetchKey(key);
  }, [key, enabled, fetchKey]);

  // A read abandoned when the component leaves.
  useEffect(() => () => inFlight.current?.controller.abort(), []);

  // The poll, while the tab is visible.
  useEffect(() => {
    if (!enabled || !pollMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== "hidden") void fetchKey(key);
    }, pollMs);
    return () => clearInterval(timer);
  }, [key, enabled, pollMs, fetchKey]);

  // Back to the tab, or back online: read again if stale.
  useEffect(() => {
    if (!enabled) return;
    const onBack = () => {
      if (document.visibilityState === "hidden") return;
      const cached = cache.get(key);
      if (!cached || Date.now() - cached.at > DEFAULT_STALE_TIME) void fetchKey(key);
    };
    document.addEventListener("visibilitychange", onBack);
    window.addEventListener("online", onBack);
    return () => {
      document.removeEventListener("visibilitychange", onBack);
      window.removeEventListener("online", onBack);
    };
  }, [key, enabled, fetchKey]);

  const refetch = useCallback(() => fetchKey(key), [fetchKey, key]);
  const isError = current.error !== null && current.error !== undefined;
  return {
    data: current.data as T | undefined,
    error: current.error,
    isPending: current.data === undefined && !isError,
    isError,
    isFetching: current.fetching,
    isPlaceholderData: current.placeholder,
    refetch,
  };
}
