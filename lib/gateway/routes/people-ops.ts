import "server-only";
import type { AnyRoute } from "../route";
import { expenseRoutes } from "./expenses";
import { incentiveRoutes } from "./incentives";
import { offboardingRoutes } from "./offboardings";
import { sandboxUpdateIncentiveRoute } from "./sandbox/incentives";
import { sandboxUpdateOffboardingRoute } from "./sandbox/offboardings";
import { timeoffRoutes } from "./timeoff";
import { timeoffBalanceRoutes } from "./timeoff-balances";

// Time off (and balances), expenses, incentives (one-time and recurring), offboardings, and the
// sandbox routes that simulate the provider's side of incentives and offboardings.
export const peopleOpsRoutes: readonly AnyRoute[] = [
  ...timeoffRoutes,
  ...timeoffBalanceRoutes,
  ...expenseRoutes,
  ...incentiveRoutes,
  ...offboardingRoutes,
  sandboxUpdateIncentiveRoute,
  sandboxUpdateOffboardingRoute,
];
