import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Timeoff } from "@/lib/contract";
import { TimeoffTable } from "./timeoff-table";

const TAKEN_REASON = "Taken time off is in the past: it can no longer be changed.";

const timeoff = (id: string, status: Timeoff["status"]): Timeoff => ({
  id,
  employment_id: "0b4d5c1e-7a4b-4c55-9d7e-3f1a2b3c4d5e",
  timeoff_type: "paid_time_off",
  status,
  start_date: "2026-03-02",
  end_date: "2026-03-02",
  timezone: "Europe/Lisbon",
  timeoff_days: [{ day: "2026-03-02T00:00:00Z", hours: 8, minutes: 480 }],
  total_minutes: 480,
  notes: null,
  approver_id: null,
  approved_at: null,
  cancelled_at: null,
  cancel_reason: null,
  automatic: false,
  leave_policy: { name: "Paid time off", leave_policy_variant_slug: "pto", leave_type: "paid_time_off" },
});

const render = (items: Timeoff[]) =>
  renderToString(createElement(TimeoffTable, { items, names: new Map(), busy: false, caption: "Time off", onAction: () => {} }));

/** The text a sighted reader sees: without the sr-only spans. */
const visibleText = (html: string) => html.replace(/<span class="sr-only">[^<]*<\/span>/g, "").replace(/<[^>]+>/g, " ");

describe("TimeoffTable actions cell", () => {
  it("past time off rows do not repeat the same sentence: a dash, with the reason for assistive technology", () => {
    const ids = ["1d9e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6", "2e0f3a4b-5c6d-4e7f-9081-92a3b4c5d6e7", "3f1a4b5c-6d7e-4f80-a192-a3b4c5d6e7f8"];
    const html = render(ids.map((id) => timeoff(id, "taken")));
    expect(visibleText(html)).not.toContain(TAKEN_REASON);
    expect(html.split(`No actions: ${TAKEN_REASON}`).length - 1).toBe(3);
  });

  it("a pending cancellation request keeps its reason in view", () => {
    const html = render([timeoff("4a2b5c6d-7e8f-4091-b2a3-b4c5d6e7f809", "cancel_requested")]);
    expect(visibleText(html)).toContain("The employee asked to cancel it");
  });
});
