import "server-only";
import type { AnyRoute } from "../../route";
import { contractAmendmentAutomatableRoute } from "./automatable";
import { createContractAmendmentRoute } from "./create";
import { listContractAmendmentsRoute } from "./list";
import { contractPendingChangesRoute } from "./pending-changes";
import { contractAmendmentSchemaRoute } from "./schema";
import { showContractAmendmentRoute } from "./show";

// Literal paths (/schema, /automatable) before /{contract_amendment_id}: a literal is never taken for an id.
export const contractAmendmentRoutes: AnyRoute[] = [
  listContractAmendmentsRoute,
  createContractAmendmentRoute,
  contractAmendmentAutomatableRoute,
  contractAmendmentSchemaRoute,
  showContractAmendmentRoute,
  contractPendingChangesRoute,
];
