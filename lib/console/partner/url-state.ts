import { z } from "zod";
import type { RawSearchParams } from "@/lib/console/list";
import { employmentsList, type EmploymentListState } from "../employments/url-state";

// The partner's employments list across companies keeps its state in the URL like the company list
// (status, email, page, page_size), plus `company` (one connected company, or all).

export const PARTNER_EMPLOYMENTS_PATH = "/partner/employments";
export const PARTNER_PATH = "/partner";

export interface PartnerListState extends Omit<EmploymentListState, "q"> {
  company: string;
}

const companySchema = z.uuid().catch("");

export function parsePartnerListState(raw: RawSearchParams): PartnerListState {
  const { q: _q, ...base } = employmentsList.parse(raw);
  const value = raw instanceof URLSearchParams ? raw.get("company") : raw.company;
  return { ...base, company: companySchema.parse((Array.isArray(value) ? value[0] : value) ?? "") };
}

export function partnerListHref(state: PartnerListState): string {
  const href = employmentsList.href({ ...state, q: "" }).replace(employmentsList.path, PARTNER_EMPLOYMENTS_PATH);
  if (!state.company) return href;
  return `${href}${href.includes("?") ? "&" : "?"}${new URLSearchParams({ company: state.company }).toString()}`;
}

/** A link that acts for a company, then opens one of its console pages. */
export const openCompanyHref = (companyId: string, next = "/employments") =>
  `/partner/open?${new URLSearchParams({ company: companyId, next }).toString()}`;

export const auditHref = (companyId: string, page = 1) =>
  `/partner/audit?${new URLSearchParams({ company: companyId, ...(page > 1 ? { page: String(page) } : {}) }).toString()}`;
