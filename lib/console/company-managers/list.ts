import { defineList, type ListApiQueryOf } from "@/lib/console/list";

// The company managers list: `/company-managers?page=2&page_size=50` (no filters; defaults omitted).

export const COMPANY_MANAGERS_PATH = "/company-managers";
export const managersList = defineList(COMPANY_MANAGERS_PATH, { filters: {} });
export type ManagerListApiQuery = ListApiQueryOf<typeof managersList>;
