// The console's list framework, universal half (browser-safe, server-safe): declare a list's URL
// state with `defineList` and its `filter`s; pagination constants and helpers. The React half is
// components/console/list. Decision: docs/decisions/console-list-framework.md.
export {
  defineList,
  employmentIdOf,
  withEmploymentId,
  type ListApiQuery,
  type ListApiQueryOf,
  type ListDefinition,
  type ListOptions,
  type ListState,
  type ListStateOf,
} from "./define-list";
export { filter, integerParser, type AnyFilter, type Filter, type ValueParser } from "./filters";
export { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE_OPTIONS, pageRange, pageWindow, type RawSearchParams } from "./pages";
export {
  ariaSortOf,
  SORT_ORDERS,
  sortRows,
  toggleSort,
  type SortAccessors,
  type SortDeclaration,
  type SortInfo,
  type SortOptions,
  type SortOrder,
  type SortValue,
} from "./sort";
