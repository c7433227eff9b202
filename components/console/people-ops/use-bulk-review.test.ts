import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { BulkAvailability } from "@/lib/console/list/bulk";
import type { BulkActionsProps, RowSelection } from "@/components/console/list";
import { bulkReviewActions, useBulkResultRegion, useBulkReview, type BulkReviewOptions } from "./use-bulk-review";

type Row = { id: string; name: string; status: "pending" | "approved" };
const pendingOnly = (r: Row): BulkAvailability =>
  r.status === "pending" ? { available: true } : { available: false, reason: `${r.name} is ${r.status}.` };
const count = (n: number) => (n === 1 ? "1 expense" : `${n} expenses`);
const rows: Row[] = [
  { id: "a", name: "Taxi", status: "pending" },
  { id: "b", name: "Hotel", status: "approved" },
];

function spec(calls: string[]) {
  return {
    noun: "expenses",
    count,
    approve: { check: pendingOnly, run: async (r: Row) => calls.push(`approve ${r.id}`) },
    decline: {
      check: pendingOnly,
      reasonDescription: "Sent with each expense; the employee sees it. Required.",
      run: async (r: Row, reason: string) => calls.push(`decline ${r.id}: ${reason}`),
    },
  };
}

describe("bulkReviewActions", () => {
  it("words approve and decline as the review lists did (expenses: issue 14's e2e reads these)", () => {
    const [approve, decline] = bulkReviewActions(spec([]));
    expect(approve).toMatchObject({
      id: "approve",
      label: "Approve",
      title: "Approve expenses",
      pendingLabel: "Approving…",
      variant: "primary",
    });
    expect(approve!.describe(2)).toBe("2 expenses will be approved.");
    expect(approve!.confirmLabel(2)).toBe("Approve 2 expenses");
    expect(approve!.reason).toBeUndefined();
    expect(decline).toMatchObject({
      id: "decline",
      label: "Decline",
      title: "Decline expenses",
      pendingLabel: "Declining…",
      variant: "danger",
      reason: { label: "Reason for declining", description: "Sent with each expense; the employee sees it. Required." },
    });
    expect(decline!.describe(1)).toBe("1 expense will be declined with the reason below (the employee sees it).");
    expect(decline!.confirmLabel(1)).toBe("Decline 1 expense");
  });

  it("runs each action's own rule and call, the reason going to decline only", async () => {
    const calls: string[] = [];
    const [approve, decline] = bulkReviewActions(spec(calls));
    expect(approve!.check!(rows[1]!)).toEqual({ available: false, reason: "Hotel is approved." });
    expect(decline!.check!(rows[0]!)).toEqual({ available: true });
    await approve!.run(rows[0]!, "");
    await decline!.run(rows[0]!, "Duplicate");
    expect(calls).toEqual(["approve a", "decline a: Duplicate"]);
  });
});

describe("useBulkReview", () => {
  function renderHook(options: BulkReviewOptions<Row>) {
    let out: { selection: RowSelection<Row>; bulkActions: BulkActionsProps<Row> } | undefined;
    function Probe() {
      out = useBulkReview(options);
      return null;
    }
    renderToString(createElement(Probe));
    return out!;
  }

  it("wires the selection and the BulkActions props from one description", () => {
    const onResult = () => {};
    const rowName = (r: Row) => `${r.name}, Ana Silva`;
    const getRowId = (r: Row) => r.id;
    const { selection, bulkActions } = renderHook({
      ...spec([]),
      rows,
      getRowId,
      rowName,
      operation: "expenses.write",
      invalidate: ["expenses"],
      onResult,
    });
    // The checkbox label names the row the way the dialog and the results do.
    expect(selection.rowLabel(rows[0]!)).toBe("Select Taxi, Ana Silva");
    expect(selection.selected).toEqual({});
    expect(bulkActions).toMatchObject({ rows, getRowId, rowName, selected: {}, operation: "expenses.write", invalidate: ["expenses"] });
    expect(bulkActions.onResult).toBe(onResult);
    expect(bulkActions.actions.map((a) => a.title)).toEqual(["Approve expenses", "Decline expenses"]);
    // The selection and the toolbar share one state: both start empty, and clearing is the selection's.
    expect(bulkActions.selected).toBe(selection.selected);
    expect(typeof bulkActions.onClear).toBe("function");
  });
});

describe("useBulkResultRegion", () => {
  it("renders an empty polite live region until a run reports", () => {
    function Probe() {
      return createElement(Fragment, null, useBulkResultRegion().region);
    }
    expect(renderToString(createElement(Probe))).toBe('<div aria-live="polite" class="empty:hidden"></div>');
  });
});
