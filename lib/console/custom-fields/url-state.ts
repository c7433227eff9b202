import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/contract";
import { MAX_PAGE, type RawSearchParams } from "@/lib/console/list";

// The custom field definitions list's state in the URL: `?page=2&page_size=50` (defaults omitted).

export const CUSTOM_FIELDS_PATH = "/custom-fields";
export const NEW_CUSTOM_FIELD_PATH = "/custom-fields/new";

export interface CustomFieldListState {
  page: number;
  pageSize: number;
}

export const DEFAULT_CUSTOM_FIELD_STATE: CustomFieldListState = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

const first = (raw: RawSearchParams, key: string): string | undefined => {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
};

export function parseCustomFieldState(raw: RawSearchParams): CustomFieldListState {
  return {
    page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).parse(first(raw, "page")),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE).parse(first(raw, "page_size")),
  };
}

export function customFieldStateHref(state: CustomFieldListState): string {
  const p = new URLSearchParams();
  if (state.page !== 1) p.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
  const qs = p.toString();
  return qs ? `${CUSTOM_FIELDS_PATH}?${qs}` : CUSTOM_FIELDS_PATH;
}

export interface CustomFieldListApiQuery {
  page: number;
  page_size: number;
}

export const toCustomFieldApiQuery = (s: CustomFieldListState): CustomFieldListApiQuery => ({ page: s.page, page_size: s.pageSize });
