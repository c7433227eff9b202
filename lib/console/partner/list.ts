import { defineList, filter, type ListStateOf } from "@/lib/console/list";

// The partner's audit log: `/partner/audit?company=<uuid>&page=2&page_size=100`. Without `company`
// it is the operator's cross-company log (every company of the environment the partner has, or had,
// a grant for); with one, that company's log. The company is a filter of the page, not an API
// parameter: the log is the console's own table (lib/console/partner/audit.ts), read by the server page.

export const PARTNER_AUDIT_PATH = "/partner/audit";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const AUDIT_PAGE_SIZES = [20, 50, 100] as const;

export const auditList = defineList(PARTNER_AUDIT_PATH, {
  filters: { company: filter.text({ max: 36, pattern: UUID }) },
  pageSizes: AUDIT_PAGE_SIZES,
  defaultPageSize: 50,
});
export type AuditListState = ListStateOf<typeof auditList>;
