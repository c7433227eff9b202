import { defineList, filter, type ListStateOf } from "@/lib/console/list";
import {
  READMODEL_LIST_SORTS,
  readModelCountryFilter,
  readModelSearchFilter,
  readModelSort,
  readModelStatusFilter,
  readModelTypeFilter,
} from "../readmodel/list";
import { EMPLOYMENT_HIDEABLE_COLUMNS } from "../employments/list";
import { PARTNER_EMPLOYMENTS_PATH } from "./links";

// The partner's audit log: `/partner/audit?company=<uuid>&page=2&page_size=100`. Without `company`
// it is the operator's cross-company log (every company of the environment the partner has, or had,
// a grant for); with one, that company's log. The company is a filter of the page, not an API
// parameter: the log is the console's own table (lib/console/server/partner/audit.ts), read by the server page.

export const PARTNER_AUDIT_PATH = "/partner/audit";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const AUDIT_PAGE_SIZES = [20, 50, 100] as const;

export const AUDIT_SORT_KEYS = ["when", "company", "who", "call", "status", "request_id"] as const;
export type AuditSortKey = (typeof AUDIT_SORT_KEYS)[number];

export const auditList = defineList(PARTNER_AUDIT_PATH, {
  filters: { company: filter.text({ max: 36, pattern: UUID }) },
  // Sorted in SQL (lib/console/server/partner/audit.ts): every column, newest first by default.
  sort: { keys: AUDIT_SORT_KEYS, default: { by: "when", order: "desc" } },
  columns: ["company", "who", "call", "status", "request_id"],
  pageSizes: AUDIT_PAGE_SIZES,
  defaultPageSize: 50,
});
export type AuditListState = ListStateOf<typeof auditList>;

/**
 * The partner's employments list across companies, served from the read model
 * (docs/decisions/console-readmodel-lists.md): status and type (several each), country, company
 * (one connected company, or all), a search across every page and company (`q`: name, e-mail, job
 * title, external id) and the sort (`sort`, `order`). All of them are parameters of its own route
 * (`GET /api/partner/employments`), not of the provider's API.
 */
export const partnerEmploymentsList = defineList(PARTNER_EMPLOYMENTS_PATH, {
  filters: {
    statuses: readModelStatusFilter(),
    types: readModelTypeFilter(),
    country: readModelCountryFilter(),
    /** One connected company (its id); anything that is not a UUID means all companies. */
    company: filter.text({ pattern: UUID }),
    q: readModelSearchFilter(true),
  },
  sort: readModelSort(READMODEL_LIST_SORTS),
  /** Hideable columns (`?hide=`): the company's list's, the company and the onboarding progress; never the name (the link). */
  columns: ["company", ...EMPLOYMENT_HIDEABLE_COLUMNS, "onboarding"],
});

export type PartnerListState = ListStateOf<typeof partnerEmploymentsList>;

/** The URL of a state of the partner's employments list. */
export const partnerListHref = (state: PartnerListState): string => partnerEmploymentsList.href(state);
