import type { CustomField } from "@/lib/contract";
import { customFieldCurrency, customFieldOptions } from "@/lib/contract/helpers";
import { defineList, type ListApiQueryOf, type SortAccessors } from "@/lib/console/list";
import { CUSTOM_FIELD_TYPE_LABELS } from "./labels";
import { CUSTOM_FIELDS_PATH } from "./links";

// The custom fields list: /custom-fields?sort=name&order=desc&page=2&page_size=50&hide=options
// Every column sorts (the API has no sort: the server sorts across all pages, lib/console/server/list/sorted.ts).

export const customFieldsList = defineList(CUSTOM_FIELDS_PATH, {
  sort: { keys: ["name", "type", "options", "id"] },
  columns: ["type", "options", "id"],
  filters: {},
});
export type CustomFieldListApiQuery = ListApiQueryOf<typeof customFieldsList>;

/** Sort values as the table shows them (the type's label, the options in their order, or the currency). */
export const customFieldSortAccessors: SortAccessors<CustomField> = {
  name: (f) => f.name,
  type: (f) => CUSTOM_FIELD_TYPE_LABELS[f.type],
  options: (f) => customFieldOptions(f)?.join(", ") ?? customFieldCurrency(f) ?? null,
  id: (f) => f.id,
};
