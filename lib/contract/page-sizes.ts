// The API's page sizes (pagination.ts of the specification), re-exported by ./enums.ts; the list
// framework (lib/console/list/pages.ts) takes them from here without the other enumerations.

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
