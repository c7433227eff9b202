import "server-only";
import type { AnyRoute } from "../../route";
import { createIncentiveRoute } from "./create";
import { deleteIncentiveRoute } from "./delete";
import { listIncentivesRoute } from "./list";
import { createRecurringIncentiveRoute, deleteRecurringIncentiveRoute, listRecurringIncentivesRoute } from "./recurring";
import { showIncentiveRoute } from "./show";
import { updateIncentiveRoute } from "./update";

// `/v1/incentives/recurring` before `/v1/incentives/{id}`: the first route registered for a path wins.
export const incentiveRoutes: AnyRoute[] = [
  listRecurringIncentivesRoute,
  createRecurringIncentiveRoute,
  deleteRecurringIncentiveRoute,
  listIncentivesRoute,
  createIncentiveRoute,
  showIncentiveRoute,
  updateIncentiveRoute,
  deleteIncentiveRoute,
];
