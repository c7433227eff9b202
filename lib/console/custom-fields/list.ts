import { defineList, type ListApiQueryOf } from "@/lib/console/list";
import { CUSTOM_FIELDS_PATH } from "./url-state";

// The custom field definitions list: `/custom-fields?page=2&page_size=50` (no filters; defaults omitted).

export const customFieldsList = defineList(CUSTOM_FIELDS_PATH, { filters: {} });
export type CustomFieldListApiQuery = ListApiQueryOf<typeof customFieldsList>;
