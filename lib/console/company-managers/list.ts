import { defineList, type ListApiQueryOf, type SortAccessors } from "@/lib/console/list";
import { labelOf, type CompanyManagerRead } from "@/lib/console/api-read";
import { ROLE_LABELS } from "@/lib/console/employments/update-form";

// The company managers list: /company-managers?sort=role&order=desc&page=2&page_size=50&hide=email
// Every column sorts (the API has no sort: the server sorts across all pages, lib/console/server/list/sorted.ts).

export const COMPANY_MANAGERS_PATH = "/company-managers";

export const managersList = defineList(COMPANY_MANAGERS_PATH, {
  sort: { keys: ["name", "email", "role"] },
  columns: ["email", "role", "actions"],
  filters: {},
});
export type ManagerListApiQuery = ListApiQueryOf<typeof managersList>;

/** Sort values as the table shows them (the role by its label). */
export const managerSortAccessors: SortAccessors<CompanyManagerRead> = {
  name: (m) => m.user_name,
  email: (m) => m.user_email,
  role: (m) => labelOf(ROLE_LABELS, m.role),
};
