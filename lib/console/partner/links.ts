// The partner view's URLs: its pages, and the link that acts for a company (lib/console/partner/list.ts
// declares the partner's lists).

export const PARTNER_EMPLOYMENTS_PATH = "/partner/employments";
export const PARTNER_PATH = "/partner";

/** A link that acts for a company, then opens one of its console pages. */
export const openCompanyHref = (companyId: string, next = "/employments") =>
  `/partner/open?${new URLSearchParams({ company: companyId, next }).toString()}`;
