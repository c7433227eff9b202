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
import { expensesList } from "@/lib/console/expenses/url-state";
import { incentivesList, recurringList } from "@/lib/console/incentives/url-state";
import { offboardingsList } from "@/lib/console/offboardings/url-state";
import { timeoffList } from "@/lib/console/timeoff/url-state";
import { defineListState, employmentIdOf, withEmploymentId, type EnumFilters, type ListDefinition, type ListState } from "./list-state";

const pick = (values: readonly string[]) => fc.constantFrom("", ...values);
const base = {
  page: fc.integer({ min: 1, max: 5000 }),
  pageSize: fc.integer({ min: 1, max: 100 }),
  employmentId: fc.oneof(fc.constant(""), fc.uuid()),
};

const LISTS: [string, ListDefinition<EnumFilters>, fc.Arbitrary<ListState<EnumFilters>>][] = [
  ["time off", timeoffList as never, fc.record({ ...base, timeoff_type: pick(TIMEOFF_TYPES), status: pick(TIMEOFF_STATUSES) }) as never],
  ["expenses", expensesList as never, fc.record({ ...base, status: pick(EXPENSE_STATUSES) }) as never],
  ["incentives", incentivesList as never, fc.record({ ...base, status: pick(INCENTIVE_STATUSES) }) as never],
  ["recurring incentives", recurringList as never, fc.record({ ...base, status: pick(RECURRING_INCENTIVE_STATUSES) }) as never],
  ["offboardings", offboardingsList as never, fc.record({ ...base, status: pick(OFFBOARDING_STATUSES) }) as never],
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
        const parsed = list.parse(new URLSearchParams(href.split("?")[1] ?? ""));
        expect(parsed).toEqual(state);
        expect(list.href(parsed)).toBe(href);
      }),
    );
  });

  it("round-trips the API query through the BFF's query string", () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const q = list.toApiQuery(state);
        expect(list.queryOf(new URLSearchParams(list.queryToSearch(q)))).toEqual(q);
        expect(list.invalidParams(new URLSearchParams(list.queryToSearch(q)))).toEqual([]);
      }),
    );
  });

  it("drops what it does not understand instead of failing", () => {
    const state = list.parse({ page: "-3", page_size: "1000", employment_id: "x' OR 1=1", status: "nope", other: "1" });
    expect(state).toEqual(list.defaults);
  });

  it("goes back to page 1 when a filter or the page size changes, not when the page does", () => {
    // The lists' own types are checked where they are used; here each is driven through the generic shape.
    const update = (patch: object) => list.update({ ...list.defaults, page: 5 } as never, patch as never).page;
    expect(update({ employmentId: "abc" })).toBe(1);
    expect(update({ pageSize: 50 })).toBe(1);
    expect(update({ page: 7 })).toBe(7);
    expect(update({ employmentId: "" })).toBe(5); // unchanged filter
  });

  it("links an employment's records", () => {
    expect(list.ofEmployment("0b9c")).toBe(`${list.path}?employment_id=0b9c`);
    expect(list.hasFilters(list.parse(new URLSearchParams("employment_id=0b9c")))).toBe(true);
    expect(list.hasFilters(list.defaults)).toBe(false);
  });
});

describe("list state details", () => {
  const list = defineListState("/things", { status: ["a", "b"] as const, kind: ["x"] as const });

  it("writes keys in a fixed order, defaults left out", () => {
    expect(list.href({ page: 2, pageSize: 50, employmentId: "e1", kind: "x", status: "b" })).toBe(
      "/things?employment_id=e1&status=b&kind=x&page=2&page_size=50",
    );
    expect(list.queryToSearch({ page: 1, page_size: 20, kind: "x", status: "a" })).toBe("page=1&page_size=20&status=a&kind=x");
  });

  it("names the BFF parameters the API would refuse", () => {
    expect(list.invalidParams(new URLSearchParams("status=c&page=0&employment_id=a%20b&kind="))).toEqual([
      'employment_id: invalid value "a b"',
      'page: invalid value "0"',
      'status: invalid value "c"',
    ]);
  });

  it("reads the employment of a form page", () => {
    expect(employmentIdOf({ employment_id: ["abc-1", "x"] })).toBe("abc-1");
    expect(employmentIdOf(new URLSearchParams("employment_id=<script>"))).toBe("");
    expect(withEmploymentId("/timeoff/new", "abc")).toBe("/timeoff/new?employment_id=abc");
    expect(withEmploymentId("/timeoff/new", "")).toBe("/timeoff/new");
  });
});
