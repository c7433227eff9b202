import "server-only";
import type { AnyRoute } from "../../route";
import { approveTimeoffRoute, cancelTimeoffRoute, declineTimeoffRoute } from "./actions";
import { createTimeoffRoute } from "./create";
import { listTimeoffRoute } from "./list";
import { showTimeoffRoute } from "./show";
import { listTimeoffTypesRoute } from "./types";
import { updateTimeoffRoute } from "./update";

// `/v1/timeoff/types` before `/v1/timeoff/{id}`: the first route registered for a path wins.
export const timeoffRoutes: AnyRoute[] = [
  listTimeoffTypesRoute,
  listTimeoffRoute,
  createTimeoffRoute,
  showTimeoffRoute,
  updateTimeoffRoute,
  approveTimeoffRoute,
  declineTimeoffRoute,
  cancelTimeoffRoute,
];
