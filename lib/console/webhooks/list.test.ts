import { withView } from "@/test-support/list-view";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PAGE_SIZE_OPTIONS } from "@/lib/console/list";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contract";
import { callbacksList, deliveriesList, type DeliveriesState } from "./list";

const stateArb: fc.Arbitrary<DeliveriesState> = withView(
  deliveriesList,
  fc.record({
    page: fc.integer({ min: 1, max: 5000 }),
    pageSize: fc.constantFrom(...PAGE_SIZE_OPTIONS),
    eventType: fc.constantFrom("" as const, ...WEBHOOK_EVENT_TYPES),
    delivered: fc.constantFrom("" as const, "true" as const, "false" as const),
    delivery: fc.oneof(fc.constant(""), fc.uuid()),
  }),
);

const parseHref = (href: string) => deliveriesList.parse(new URL(href, "http://x").searchParams);

describe("deliveries list declaration", () => {
  it("reads the defaults from an empty URL and writes none back", () => {
    expect(deliveriesList.parse(new URLSearchParams())).toEqual(deliveriesList.defaults);
    expect(deliveriesList.defaults).toEqual({
      page: 1,
      pageSize: 20,
      eventType: "",
      delivered: "",
      delivery: "",
      sort: "",
      order: "asc",
      hide: [],
    });
    expect(deliveriesList.href(deliveriesList.defaults)).toBe("/webhooks/deliveries");
  });

  it("round-trips every state through the URL (property)", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(parseHref(deliveriesList.href(state))).toEqual(state);
      }),
    );
  });

  it("gives one URL per state, with the API's parameter names", () => {
    const href = deliveriesList.href({ page: 2, pageSize: 50, eventType: "expense.approved", delivered: "false", delivery: "" });
    expect(href).toBe("/webhooks/deliveries?event_type=expense.approved&successfully_delivered=false&page=2&page_size=50");
    expect(deliveriesList.hrefFor({ eventType: "payslip.released" })).toBe("/webhooks/deliveries?event_type=payslip.released");
  });

  it("falls back to defaults for hand-edited values, never failing", () => {
    expect(
      deliveriesList.parse({
        page: "-3",
        page_size: "1000",
        event_type: "offboarding.in_review",
        successfully_delivered: "yes",
        delivery: "<script>",
      }),
    ).toEqual(deliveriesList.defaults);
    expect(deliveriesList.parse({ page: "abc", page_size: "7" })).toEqual(deliveriesList.defaults);
    expect(deliveriesList.parse({ page: ["4", "5"], event_type: ["payslip.released"] })).toMatchObject({
      page: 4,
      eventType: "payslip.released",
    });
  });

  it("goes back to page 1 when a filter or the page size changes, not when a delivery opens", () => {
    const s: DeliveriesState = { ...deliveriesList.defaults, page: 3 };
    expect(deliveriesList.update(s, { eventType: "payslip.released" }).page).toBe(1);
    expect(deliveriesList.update(s, { delivered: "true" }).page).toBe(1);
    expect(deliveriesList.update(s, { pageSize: 50 }).page).toBe(1);
    expect(deliveriesList.update(s, { delivery: "abc" }).page).toBe(3);
    expect(deliveriesList.update(s, { eventType: "" }).page).toBe(3);
  });

  it("asks the API without the open delivery, which is not a filter either", () => {
    const state: DeliveriesState = { page: 1, pageSize: 20, eventType: "payslip.released", delivered: "true", delivery: "abc" };
    const q = deliveriesList.toApiQuery(state);
    expect(q).toEqual({ page: 1, page_size: 20, event_type: "payslip.released", successfully_delivered: "true" });
    expect(deliveriesList.apiSearch(q)).toBe("page=1&page_size=20&event_type=payslip.released&successfully_delivered=true");
    expect(deliveriesList.toApiQuery(deliveriesList.defaults)).toEqual({ page: 1, page_size: 20 });
    expect(deliveriesList.hasFilters({ ...deliveriesList.defaults, delivery: "abc" })).toBe(false);
  });
});

describe("callbacks list declaration", () => {
  it("round-trips page and page size, defaults omitted", () => {
    expect(callbacksList.href(callbacksList.defaults)).toBe("/webhooks");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.constantFrom(...PAGE_SIZE_OPTIONS), (page, pageSize) => {
        expect(callbacksList.parse(new URL(callbacksList.href({ page, pageSize }), "http://x").searchParams)).toEqual({ page, pageSize });
      }),
    );
  });

  it("parses invalid values to the defaults", () => {
    expect(callbacksList.parse({ page: "0", page_size: "abc" })).toEqual({ page: 1, pageSize: 20 });
  });
});
