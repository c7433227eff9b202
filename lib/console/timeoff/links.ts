import { withEmploymentId } from "@/lib/console/list";

// Console URLs of time off (the list's URL state is timeoffList in ./list.ts):
//   /timeoff/balances?employment_id=…        one employment's balance
//   /timeoff/new?employment_id=…             the request form, for one employment

export const TIMEOFF_PATH = "/timeoff";
export const TIMEOFF_NEW_PATH = `${TIMEOFF_PATH}/new`;
export const TIMEOFF_TYPES_PATH = `${TIMEOFF_PATH}/types`;
export const TIMEOFF_BALANCES_PATH = `${TIMEOFF_PATH}/balances`;

export const timeoffBalanceHref = (employmentId?: string | null) => withEmploymentId(TIMEOFF_BALANCES_PATH, employmentId);
export const newTimeoffHref = (employmentId?: string | null) => withEmploymentId(TIMEOFF_NEW_PATH, employmentId);
