import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EXPENSE_STATUSES,
  INCENTIVE_STATUSES,
  OFFBOARDING_STATUSES,
  RECURRING_INCENTIVE_STATUSES,
  TIMEOFF_STATUSES,
  TIMEOFF_TYPES,
} from "@/lib/contract";
import { expensesList } from "@/lib/console/expenses/list";
import { incentivesList, recurringList } from "@/lib/console/incentives/list";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { timeoffList } from "@/lib/console/timeoff/list";
import { withView } from "@/test-support/list-view";
import { PAGE_SIZE_OPTIONS, type AnyFilter, type ListDefinition, type ListState } from "@/lib/console/list";

// The people-ops lists, declared with defineList: each list's own URL rules.
type Generic = ListDefinition<Record<string, AnyFilter>>;
const pick = (values: readonly string[]) => fc.constantFrom("", ...values);
const base = {
  page: fc.integer({ min: 1, max: 5000 }),
  pageSize: fc.constantFrom(...PAGE_SIZE_OPTIONS),
  employmentId: fc.oneof(fc.constant(""), fc.uuid()),
};

const LISTS: [string, Generic, fc.Arbitrary<ListState<Record<string, AnyFilter>>>][] = [
  [
    "time off",
    timeoffList as never,
    withView(timeoffList, fc.record({ ...base, timeoff_type: pick(TIMEOFF_TYPES), status: pick(TIMEOFF_STATUSES) })) as never,
  ],
  ["expenses", expensesList as never, withView(expensesList, fc.record({ ...base, status: pick(EXPENSE_STATUSES) })) as never],
  ["incentives", incentivesList as never, withView(incentivesList, fc.record({ ...base, status: pick(INCENTIVE_STATUSES) })) as never],
  [
    "recurring incentives",
    recurringList as never,
    withView(recurringList, fc.record({ ...base, status: pick(RECURRING_INCENTIVE_STATUSES) })) as never,
  ],
  [
    "offboardings",
    offboardingsList as never,
    withView(offboardingsList, fc.record({ ...base, status: pick(OFFBOARDING_STATUSES) })) as never,
  ],
];

describe.each(LISTS)("%s URL state", (_name, list, stateArb) => {
  it("reads the defaults from an empty URL and writes none back", () => {
    expect(list.parse(new URLSearchParams())).toEqual(list.defaults);
    expect(list.href(list.defaults)).toBe(list.path);
  });

  it("round-trips every state through its URL, and one state has one URL", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const href = list.href(state);
        const parsed = list.parse(new URL(href, "http://x").searchParams);
        expect(parsed).toEqual(state);
        expect(list.href(parsed)).toBe(href);
      }),
    );
  });

  it("round-trips the API query through the BFF's query string", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const q = list.toApiQuery(state);
        expect(list.apiQueryOf(new URLSearchParams(list.apiSearch(q)))).toEqual(q);
        expect(list.invalidApiParams(new URLSearchParams(list.apiSearch(q)))).toEqual([]);
      }),
    );
  });

  it("parses what it does not understand to the defaults instead of failing", () => {
    const state = list.parse({ page: "abc", page_size: "7", employment_id: "x' OR 1=1", status: "bogus", other: "1" });
    expect(state).toEqual(list.defaults);
  });

  it("goes back to page 1 when a filter or the page size changes, not when the page does", () => {
    const update = (patch: object) => list.update({ ...list.defaults, page: 5 }, patch).page;
    expect(update({ employmentId: "abc" })).toBe(1);
    expect(update({ pageSize: 50 })).toBe(1);
    expect(update({ page: 7 })).toBe(7);
    expect(update({ employmentId: "" })).toBe(5); // unchanged filter
  });

  it("links an employment's records", () => {
    expect(list.hrefFor({ employmentId: "0b9c" })).toBe(`${list.path}?employment_id=0b9c`);
    expect(list.hasFilters(list.parse(new URLSearchParams("employment_id=0b9c")))).toBe(true);
    expect(list.hasFilters(list.defaults)).toBe(false);
  });
});

describe("time off URL", () => {
  it("writes keys in a fixed order, defaults left out", () => {
    const state = {
      ...timeoffList.defaults,
      page: 2,
      pageSize: 50,
      employmentId: "e1",
      status: "approved",
      timeoff_type: "sick_leave",
    } as const;
    expect(timeoffList.href(state)).toBe("/timeoff?employment_id=e1&timeoff_type=sick_leave&status=approved&page=2&page_size=50");
    expect(timeoffList.apiSearch(timeoffList.toApiQuery(state))).toBe(
      "page=2&page_size=50&employment_id=e1&timeoff_type=sick_leave&status=approved",
    );
  });
});
