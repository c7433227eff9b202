// When a failed delivery is tried again (DECISIONS.md "Webhooks"): the first attempt is made as soon
// as the event is dispatched; after each failure the next retry waits the next delay of this list,
// spread by jitter so that a receiver coming back up is not hit by every retry at the same instant.
// After the last retry fails the delivery is marked failed (1 attempt + 8 retries, about 27.6 hours).

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Delay before retry n (index n-1) after a failed attempt. */
export const RETRY_SCHEDULE_MS: readonly number[] = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** Jitter applied to every non-zero delay: ±10 %. */
export const JITTER_RATIO = 0.1;

/**
 * The delay before the next attempt after `failures` failed attempts (1 after the first failure),
 * or null when the schedule is exhausted and the delivery has failed for good.
 * `random` returns a number in [0, 1) (Math.random by default; tests pass a seeded one).
 */
export function nextRetryDelay(
  failures: number,
  options: { schedule?: readonly number[]; random?: () => number; jitterRatio?: number } = {},
): number | null {
  const schedule = options.schedule ?? RETRY_SCHEDULE_MS;
  const base = schedule[failures - 1];
  if (base === undefined) return null;
  if (base === 0) return 0;
  const ratio = options.jitterRatio ?? JITTER_RATIO;
  const spread = ((options.random ?? Math.random)() * 2 - 1) * ratio * base;
  return Math.max(0, Math.round(base + spread));
}

/** Attempts a delivery gets before it is marked failed. */
export const maxAttempts = (schedule: readonly number[] = RETRY_SCHEDULE_MS) => schedule.length + 1;
