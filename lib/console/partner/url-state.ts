import { defineList, filter, type ListStateOf } from "@/lib/console/list";
import { employmentsList } from "../employments/list";

// The partner's employments list across companies keeps its state in the URL like the company list
// (status, email, page, page_size: the same filters as `employmentsList`, without its page search),
// plus `company` (one connected company, or all). Declared with the console's list framework.

export const PARTNER_EMPLOYMENTS_PATH = "/partner/employments";
export const PARTNER_PATH = "/partner";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const partnerEmploymentsList = defineList(PARTNER_EMPLOYMENTS_PATH, {
  filters: {
    statuses: employmentsList.filters.statuses,
    email: employmentsList.filters.email,
    /** One connected company (its id); anything that is not a UUID means all companies. */
    company: filter.text({ pattern: UUID }),
  },
});

export type PartnerListState = ListStateOf<typeof partnerEmploymentsList>;

/** The URL of a state of the partner's employments list. */
export const partnerListHref = (state: PartnerListState): string => partnerEmploymentsList.href(state);

/** A link that acts for a company, then opens one of its console pages. */
export const openCompanyHref = (companyId: string, next = "/employments") =>
  `/partner/open?${new URLSearchParams({ company: companyId, next }).toString()}`;

export const auditHref = (companyId: string, page = 1) =>
  `/partner/audit?${new URLSearchParams({ company: companyId, ...(page > 1 ? { page: String(page) } : {}) }).toString()}`;
