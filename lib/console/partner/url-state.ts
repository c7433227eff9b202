import { z } from "zod";
import type { RawSearchParams } from "@/lib/console/list";
import { parseListState, serializeListState, type EmploymentListState } from "../employments/url-state";

// The partner's employments list across companies keeps its state in the URL like the company list
// (status, email, page, page_size), plus `company` (one connected company, or all).

export const PARTNER_EMPLOYMENTS_PATH = "/partner/employments";
export const PARTNER_PATH = "/partner";

export interface PartnerListState extends Omit<EmploymentListState, "q"> {
  company: string;
}

const companySchema = z.uuid().catch("");

export function parsePartnerListState(raw: RawSearchParams): PartnerListState {
  const { q: _q, ...base } = parseListState(raw);
  const value = raw instanceof URLSearchParams ? raw.get("company") : raw.company;
  return { ...base, company: companySchema.parse((Array.isArray(value) ? value[0] : value) ?? "") };
}

export function partnerListHref(state: PartnerListState): string {
  const p = serializeListState({ ...state, q: "" });
  if (state.company) p.set("company", state.company);
  const qs = p.toString();
  return qs ? `${PARTNER_EMPLOYMENTS_PATH}?${qs}` : PARTNER_EMPLOYMENTS_PATH;
}

/** A link that acts for a company, then opens one of its console pages. */
export const openCompanyHref = (companyId: string, next = "/employments") =>
  `/partner/open?${new URLSearchParams({ company: companyId, next }).toString()}`;

export const auditHref = (companyId: string, page = 1) =>
  `/partner/audit?${new URLSearchParams({ company: companyId, ...(page > 1 ? { page: String(page) } : {}) }).toString()}`;
