import "server-only";
import type { AnyRoute } from "../../route";
import { createEmploymentRoute } from "./create";
import { inviteEmploymentRoute } from "./invite";
import { listEmploymentsRoute } from "./list";
import { showEmploymentRoute } from "./show";
import { updateEmploymentRoute } from "./update";
import { updateEmploymentV2Route } from "./update-v2";

export const employmentRoutes: AnyRoute[] = [
  listEmploymentsRoute,
  createEmploymentRoute,
  showEmploymentRoute,
  updateEmploymentRoute,
  updateEmploymentV2Route,
  inviteEmploymentRoute,
];
