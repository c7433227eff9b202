import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contract";
import {
  DEFAULT_CALLBACKS_STATE,
  DEFAULT_DELIVERIES_STATE,
  callbacksHref,
  deliveriesHref,
  deliveriesQueryToSearch,
  parseCallbacksState,
  parseDeliveriesState,
  serializeDeliveriesState,
  toDeliveriesApiQuery,
  updateDeliveriesState,
  type DeliveriesState,
} from "./url-state";

const stateArb: fc.Arbitrary<DeliveriesState> = fc.record({
  page: fc.integer({ min: 1, max: 5000 }),
  pageSize: fc.integer({ min: 1, max: 100 }),
  eventType: fc.constantFrom("" as const, ...WEBHOOK_EVENT_TYPES),
  delivered: fc.constantFrom("" as const, "true" as const, "false" as const),
  delivery: fc.oneof(fc.constant(""), fc.uuid()),
});

describe("deliveries URL state", () => {
  it("reads the defaults from an empty URL and writes none back", () => {
    expect(parseDeliveriesState(new URLSearchParams())).toEqual(DEFAULT_DELIVERIES_STATE);
    expect(deliveriesHref(DEFAULT_DELIVERIES_STATE)).toBe("/webhooks/deliveries");
  });

  it("round-trips every state through the URL (property)", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(parseDeliveriesState(new URLSearchParams(serializeDeliveriesState(state).toString()))).toEqual(state);
        expect(parseDeliveriesState(new URL(deliveriesHref(state), "http://x").searchParams)).toEqual(state);
      }),
    );
  });

  it("gives one URL per state, with the API's parameter names", () => {
    const href = deliveriesHref({ page: 2, pageSize: 50, eventType: "expense.approved", delivered: "false", delivery: "" });
    expect(href).toBe("/webhooks/deliveries?event_type=expense.approved&successfully_delivered=false&page=2&page_size=50");
  });

  it("falls back to defaults for hand-edited values, never failing", () => {
    expect(
      parseDeliveriesState({
        page: "-3",
        page_size: "1000",
        event_type: "offboarding.in_review",
        successfully_delivered: "yes",
        delivery: "<script>",
      }),
    ).toEqual(DEFAULT_DELIVERIES_STATE);
    expect(parseDeliveriesState({ page: ["4", "5"], event_type: ["payslip.released"] })).toMatchObject({
      page: 4,
      eventType: "payslip.released",
    });
  });

  it("goes back to page 1 when a filter or the page size changes, not when a delivery opens", () => {
    const s: DeliveriesState = { ...DEFAULT_DELIVERIES_STATE, page: 3 };
    expect(updateDeliveriesState(s, { eventType: "payslip.released" }).page).toBe(1);
    expect(updateDeliveriesState(s, { delivered: "true" }).page).toBe(1);
    expect(updateDeliveriesState(s, { pageSize: 50 }).page).toBe(1);
    expect(updateDeliveriesState(s, { delivery: "abc" }).page).toBe(3);
    expect(updateDeliveriesState(s, { eventType: "" }).page).toBe(3);
  });

  it("asks the API without the open delivery", () => {
    const q = toDeliveriesApiQuery({ page: 1, pageSize: 20, eventType: "payslip.released", delivered: "true", delivery: "x" });
    expect(q).toEqual({ page: 1, page_size: 20, event_type: "payslip.released", successfully_delivered: "true" });
    expect(deliveriesQueryToSearch(q)).toBe("page=1&page_size=20&event_type=payslip.released&successfully_delivered=true");
    expect(toDeliveriesApiQuery(DEFAULT_DELIVERIES_STATE)).toEqual({ page: 1, page_size: 20 });
  });
});

describe("callbacks URL state", () => {
  it("round-trips page and page size", () => {
    expect(callbacksHref(DEFAULT_CALLBACKS_STATE)).toBe("/webhooks");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 100 }), (page, pageSize) => {
        expect(parseCallbacksState(new URL(callbacksHref({ page, pageSize }), "http://x").searchParams)).toEqual({ page, pageSize });
      }),
    );
  });
});
