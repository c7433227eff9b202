import { withEmploymentId } from "@/lib/console/list";

// Console URLs of incentives (the lists' URL state is incentivesList and recurringList in ./list.ts):
//   /incentives/new?employment_id=…, /incentives/recurring/new?employment_id=…, /incentives/{id}/edit

export const INCENTIVES_PATH = "/incentives";
export const RECURRING_INCENTIVES_PATH = `${INCENTIVES_PATH}/recurring`;

export const newIncentiveHref = (employmentId?: string | null) => withEmploymentId(`${INCENTIVES_PATH}/new`, employmentId);
export const newRecurringIncentiveHref = (employmentId?: string | null) =>
  withEmploymentId(`${RECURRING_INCENTIVES_PATH}/new`, employmentId);
export const editIncentiveHref = (id: string) => `${INCENTIVES_PATH}/${encodeURIComponent(id)}/edit`;
