import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/contract";
import { MAX_PAGE, type RawSearchParams } from "@/lib/console/list";

// The company managers list's state in the URL: `?page=2&page_size=50` (defaults omitted).

export const COMPANY_MANAGERS_PATH = "/company-managers";

export interface ManagerListState {
  page: number;
  pageSize: number;
}

export const DEFAULT_MANAGER_STATE: ManagerListState = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

const first = (raw: RawSearchParams, key: string): string | undefined => {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
};

export function parseManagerState(raw: RawSearchParams): ManagerListState {
  return {
    page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).parse(first(raw, "page")),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE).parse(first(raw, "page_size")),
  };
}

export function managerStateHref(state: ManagerListState): string {
  const p = new URLSearchParams();
  if (state.page !== 1) p.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
  const qs = p.toString();
  return qs ? `${COMPANY_MANAGERS_PATH}?${qs}` : COMPANY_MANAGERS_PATH;
}

export interface ManagerListApiQuery {
  page: number;
  page_size: number;
}

export const toManagerApiQuery = (s: ManagerListState): ManagerListApiQuery => ({ page: s.page, page_size: s.pageSize });
