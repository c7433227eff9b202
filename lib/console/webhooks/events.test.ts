import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/contract";
import {
  EVENT_DESCRIPTIONS,
  EVENT_GROUPS,
  callbackReceives,
  groupEventTypes,
  groupSelection,
  normalizeEventTypes,
  toggleEvent,
  toggleGroup,
} from "./events";

const group = (area: string) => EVENT_GROUPS.find((g) => g.area === area)!;

describe("event grouping", () => {
  it("puts every event type in exactly one group, by the first segment of its name", () => {
    const all = EVENT_GROUPS.flatMap((g) => g.events);
    expect([...all].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(new Set(all).size).toBe(all.length);
    for (const g of EVENT_GROUPS) for (const e of g.events) expect(e.split(".")[0]).toBe(g.area);
  });

  it("shows the areas in a fixed order, employments first, with labels", () => {
    expect(EVENT_GROUPS.map((g) => g.label)).toEqual([
      "Employments",
      "Background checks",
      "Contract amendments",
      "Payslips",
      "Expenses",
      "Incentives",
      "Offboarding",
    ]);
    expect(group("employment").events[0]).toBe("employment.account.updated");
    expect(group("expense").events).toEqual(["expense.approved", "expense.declined", "expense.updated", "expense.deleted"]);
  });

  it("keeps an area it has no label for, last, under its own name", () => {
    const groups = groupEventTypes(["expense.approved", "zeta.thing" as WebhookEventType, "employment.details.updated"]);
    expect(groups.map((g) => g.area)).toEqual(["employment", "expense", "zeta"]);
    expect(groups[2]!.label).toBe("zeta");
  });

  it("describes every event type", () => {
    for (const t of WEBHOOK_EVENT_TYPES) expect(EVENT_DESCRIPTIONS[t]).toMatch(/\w/);
  });
});

describe("event selection", () => {
  it("normalizes to known types, deduplicated, in the spec's order", () => {
    expect(normalizeEventTypes(["payslip.released", "nope", "employment.account.updated", "payslip.released"])).toEqual([
      "employment.account.updated",
      "payslip.released",
    ]);
  });

  it("selects and clears whole groups, leaving the others alone", () => {
    const expenses = group("expense");
    const picked = toggleGroup(["payslip.released"], expenses, true);
    expect(picked).toEqual(["payslip.released", ...expenses.events]);
    expect(groupSelection(picked, expenses)).toBe("all");
    expect(groupSelection(toggleEvent(picked, "expense.updated", false), expenses)).toBe("some");
    expect(toggleGroup(picked, expenses, false)).toEqual(["payslip.released"]);
    expect(groupSelection([], expenses)).toBe("none");
  });

  it("toggling is idempotent and order-independent (property)", () => {
    const typeArb = fc.constantFrom(...WEBHOOK_EVENT_TYPES);
    fc.assert(
      fc.property(fc.array(typeArb), typeArb, fc.boolean(), (selected, t, on) => {
        const once = toggleEvent(selected, t, on);
        expect(toggleEvent(once, t, on)).toEqual(once);
        expect(once.includes(t)).toBe(on);
        expect(once).toEqual(normalizeEventTypes(once));
      }),
    );
  });

  it("knows whether a callback receives a type", () => {
    expect(callbackReceives({ subscribe_to_all_events: true, subscribed_events: [] }, "payslip.released")).toBe(true);
    expect(callbackReceives({ subscribe_to_all_events: false, subscribed_events: ["expense.approved"] }, "payslip.released")).toBe(false);
  });
});
