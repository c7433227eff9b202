import "server-only";
import type { AnyRoute } from "../../route";
import { contractAmendmentAutomatableRoute } from "./automatable";
import { createContractAmendmentRoute } from "./create";
import { listContractAmendmentsRoute } from "./list";
import { contractPendingChangesRoute } from "./pending-changes";
import { showContractAmendmentRoute } from "./show";

export const contractAmendmentRoutes: AnyRoute[] = [
  listContractAmendmentsRoute,
  createContractAmendmentRoute,
  contractAmendmentAutomatableRoute,
  showContractAmendmentRoute,
  contractPendingChangesRoute,
];
