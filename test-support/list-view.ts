import fc from "fast-check";

/**
 * A list's sort and hidden columns in canonical form (no order without a sort column), merged into a
 * state arbitrary: `withView(list, fc.record({ … }))` for the URL round-trip properties of a list
 * that declares `sort` and `columns` (lib/console/list/sort.ts).
 */
export function withView<S extends object>(list: { sort: { keys: readonly string[] }; columns: readonly string[] }, arb: fc.Arbitrary<S>) {
  return fc
    .tuple(
      arb,
      fc.oneof(
        fc.constant({ sort: "", order: "asc" as const }),
        fc.record({ sort: fc.constantFrom(...list.sort.keys), order: fc.constantFrom("asc" as const, "desc" as const) }),
      ),
      fc.subarray([...list.columns]),
    )
    .map(([state, sort, hide]) => ({ ...state, ...sort, hide }));
}
