import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/console/api-errors";
import { bulkSummary, partitionBulk, runBulk, type BulkAvailability } from "./bulk";

type Row = { id: string; status: string };
const rows = (n: number, status = "pending"): Row[] => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, status }));
const pendingOnly = (r: Row): BulkAvailability =>
  r.status === "pending" ? { available: true } : { available: false, reason: `This one is ${r.status}.` };
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("runBulk", () => {
  it("never has more than `concurrency` operations in flight, and runs every row", async () => {
    let inFlight = 0;
    let peak = 0;
    const ran: string[] = [];
    const outcomes = await runBulk({
      rows: rows(10),
      getRowId: (r) => r.id,
      concurrency: 4,
      run: async (r) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await tick();
        ran.push(r.id);
        inFlight--;
      },
    });
    expect(peak).toBe(4);
    expect(ran.sort()).toEqual(
      rows(10)
        .map((r) => r.id)
        .sort(),
    );
    expect(outcomes.every((o) => o.result === "done")).toBe(true);
  });

  it("gives one outcome per row in the selection's order, whatever order they finish in", async () => {
    const outcomes = await runBulk({
      rows: rows(3),
      getRowId: (r) => r.id,
      run: (r) => new Promise((resolve) => setTimeout(resolve, r.id === "r0" ? 15 : 1)),
    });
    expect(outcomes.map((o) => o.id)).toEqual(["r0", "r1", "r2"]);
  });

  it("keeps a refusal with the API's message and goes on with the other rows", async () => {
    const outcomes = await runBulk({
      rows: rows(3),
      getRowId: (r) => r.id,
      run: async (r) => {
        if (r.id === "r1")
          throw new ApiRequestError({ kind: "conflict", status: 409, message: "Expense was already reviewed", requestId: "req-1" });
      },
    });
    expect(outcomes).toEqual([
      { id: "r0", result: "done" },
      {
        id: "r1",
        result: "refused",
        error: expect.objectContaining({ status: 409, message: "Expense was already reviewed", requestId: "req-1" }),
      },
      { id: "r2", result: "done" },
    ]);
    expect(bulkSummary(outcomes)).toBe("2 done, 1 refused");
  });

  it("skips a row its rule refuses, with the rule's reason, and never sends it", async () => {
    const sent: string[] = [];
    const input = [...rows(1), { id: "x", status: "approved" }, ...rows(2).map((r) => ({ ...r, id: `${r.id}b` }))];
    const outcomes = await runBulk({
      rows: input,
      getRowId: (r) => r.id,
      check: pendingOnly,
      run: async (r) => void sent.push(r.id),
    });
    expect(sent).not.toContain("x");
    expect(outcomes[1]).toEqual({ id: "x", result: "skipped", reason: "This one is approved." });
    expect(bulkSummary(outcomes)).toBe("3 done, 1 skipped");
  });

  it("reports each outcome as it is known (progress)", async () => {
    const seen: string[] = [];
    await runBulk({ rows: rows(3), getRowId: (r) => r.id, run: tick, onOutcome: (o) => seen.push(o.id) });
    expect(seen.sort()).toEqual(["r0", "r1", "r2"]);
  });
});

describe("partitionBulk", () => {
  it("splits the selection into the rows the action applies to and the skipped ones with their reason", () => {
    const { eligible, skipped } = partitionBulk(
      [
        { id: "a", status: "pending" },
        { id: "b", status: "declined" },
      ],
      pendingOnly,
    );
    expect(eligible.map((r) => r.id)).toEqual(["a"]);
    expect(skipped).toEqual([{ row: { id: "b", status: "declined" }, reason: "This one is declined." }]);
  });
});
