import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/to-payload";

// The runner of a list's bulk action (docs/decisions/console-bulk-actions.md): the selected rows,
// each checked against the area's rules (a row whose state does not allow the action is skipped with
// the rule's reason and never sent), then the per-row operation through the existing BFF route, at
// most `concurrency` at a time. Every row gets its own outcome, in the order of the selection; a
// refusal keeps the API's error (shown with lib/console/errors/present.ts), it does not stop the rest.

/** Whether a row allows the action (the shape of the areas' rules: expenses, time off). */
export type BulkAvailability = { available: true } | { available: false; reason: string };

export type BulkOutcome =
  | { id: string; result: "done" }
  | { id: string; result: "refused"; error: ApiErrorPayload }
  | { id: string; result: "skipped"; reason: string };

export interface BulkRun<T> {
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** The area's rule for this action; omit when every row allows it. */
  check?: (row: T) => BulkAvailability;
  /** The per-row operation (a BFF client function of lib/queries/). */
  run: (row: T) => Promise<unknown>;
  /** At most this many operations in flight (default BULK_CONCURRENCY). */
  concurrency?: number;
  /** Called as each row's outcome is known (progress). */
  onOutcome?: (outcome: BulkOutcome) => void;
}

/** How many per-row requests a bulk action sends at once: a few, so a page of 100 neither crawls nor floods the API. */
export const BULK_CONCURRENCY = 4;

/** The rows the action applies to and those it skips (with the reason), for the confirmation. */
export function partitionBulk<T>(rows: readonly T[], check?: (row: T) => BulkAvailability) {
  const eligible: T[] = [];
  const skipped: { row: T; reason: string }[] = [];
  for (const row of rows) {
    const a = check ? check(row) : ({ available: true } as const);
    if (a.available) eligible.push(row);
    else skipped.push({ row, reason: a.reason });
  }
  return { eligible, skipped };
}

/** Runs the action on every eligible row; one outcome per row, in the rows' order. */
export async function runBulk<T>({
  rows,
  getRowId,
  check,
  run,
  concurrency = BULK_CONCURRENCY,
  onOutcome,
}: BulkRun<T>): Promise<BulkOutcome[]> {
  const outcomes: (BulkOutcome | undefined)[] = new Array(rows.length);
  const queue: number[] = [];
  rows.forEach((row, i) => {
    const a = check ? check(row) : ({ available: true } as const);
    if (a.available) queue.push(i);
    else {
      outcomes[i] = { id: getRowId(row), result: "skipped", reason: a.reason };
      onOutcome?.(outcomes[i]!);
    }
  });
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const i = queue[next++]!;
      const row = rows[i]!;
      let outcome: BulkOutcome;
      try {
        await run(row);
        outcome = { id: getRowId(row), result: "done" };
      } catch (thrown) {
        outcome = { id: getRowId(row), result: "refused", error: toErrorPayload(thrown) };
      }
      outcomes[i] = outcome;
      onOutcome?.(outcome);
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(concurrency), queue.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return outcomes as BulkOutcome[];
}

/** "2 done, 1 refused, 1 skipped". */
export function bulkSummary(outcomes: readonly BulkOutcome[]): string {
  const count = (r: BulkOutcome["result"]) => outcomes.filter((o) => o.result === r).length;
  const parts = [`${count("done")} done`];
  if (count("refused")) parts.push(`${count("refused")} refused`);
  if (count("skipped")) parts.push(`${count("skipped")} skipped`);
  return parts.join(", ");
}
