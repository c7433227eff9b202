// The console's list framework, React half. Declare the list's URL state with `defineList`
// (lib/console/list), then render it: `useList` (URL state + the prefetched react-query) →
// `ListShell` (status, filters slot, error, skeleton/table/empty states, rows per page, pagination)
// → `DataTable` (column definitions, selection, sortable headers; virtualised above 100 rows) with `RowLink`s to detail pages.
// `ListView` (./list-view) is the ready-made composition for employment + enum-select lists and
// `SelectFilters` (./select-filters) its filter card: imported from their modules, not from here, so a
// list without them does not ship the employment filter's code (this barrel is not tree-shaken). A list the server
// page renders (no BFF route) takes `useServerList` instead of `useList` (the URL also goes through the router).
// Decision: docs/decisions/console-list-framework.md.
export {
  DataTable,
  VIRTUALIZE_ABOVE,
  type DataTableProps,
  type ListColumn,
  type ListColumnMeta,
  type ListRow,
  type RowSelection,
  type RowSelectionState,
} from "./data-table";
export { BulkActions, BulkResult, useBulkSelection, type BulkAction, type BulkActionsProps, type BulkRunResult } from "./bulk-actions";
export { ExportButton, type ExportButtonProps } from "./export-button";
export { ListShell, type ListShellModel, type ListShellProps } from "./list-shell";
export { RowLink } from "./row-link";
export { SortHeader, type TableSort } from "./sort-header";
export { tableViewOf, type TableView } from "./table-view";
export { useList, type ListPageShape } from "./use-list";
export { useListUrlState, type ListChangeOptions } from "./use-list-url-state";
export { useUrlParam, writeUrl } from "./url";
export { useServerList } from "./use-server-list";
