import { defineList, type ListApiQueryOf } from "@/lib/console/list";

// The company managers list: /company-managers?sort=role&order=desc&page=2&page_size=50&hide=email
// Every column sorts (the API has no sort: the server sorts across all pages, lib/console/server/list/sorted.ts;
// the sort values in lib/console/server/company-managers/api.ts).

export const COMPANY_MANAGERS_PATH = "/company-managers";

export const managersList = defineList(COMPANY_MANAGERS_PATH, {
  sort: { keys: ["name", "email", "role"] },
  columns: ["email", "role", "actions"],
  filters: {},
});
export type ManagerListApiQuery = ListApiQueryOf<typeof managersList>;
