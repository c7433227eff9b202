import "server-only";
import type { AnyRoute } from "../route";
import { companyRoutes } from "./companies";
import { companyManagerRoutes } from "./company-managers";
import { countryRoutes } from "./countries";
import { departmentRoutes } from "./departments";
import { employmentRoutes } from "./employments";
import { identityRoutes } from "./identity";
import { oauthRoutes } from "./oauth";
import { payrollRoutes } from "./payroll";
import { peopleOpsRoutes } from "./people-ops";
import { sandboxTriggerWebhookRoute } from "./sandbox/trigger-webhook";
import { sandboxUpdateEmploymentRoute } from "./sandbox/update-employment";
import { webhookRoutes } from "./webhooks";

// Every route of the API, one array per area; the OpenAPI document is built from this list.
export const allRoutes: readonly AnyRoute[] = [
  ...oauthRoutes,
  ...identityRoutes,
  ...companyRoutes,
  ...countryRoutes,
  ...employmentRoutes,
  sandboxUpdateEmploymentRoute,
  ...departmentRoutes,
  ...companyManagerRoutes,
  ...webhookRoutes,
  sandboxTriggerWebhookRoute,
  ...payrollRoutes,
  ...peopleOpsRoutes,
];
