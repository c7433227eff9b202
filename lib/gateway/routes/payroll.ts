import "server-only";
import type { AnyRoute } from "../route";
import { contractAmendmentRoutes } from "./contract-amendments";
import { customFieldRoutes } from "./custom-fields";
import { fileRoutes } from "./files";
import { outstandingPaymentRoutes } from "./outstanding-payments";
import { payslipRoutes } from "./payslips";
import {
  sandboxApproveContractAmendmentRoute,
  sandboxCancelContractAmendmentRoute,
  sandboxUpdateContractAmendmentRoute,
} from "./sandbox/contract-amendments";
import { sandboxReleasePayslipRoute } from "./sandbox/payslips-release";

// The payroll areas: payslips, custom fields, contract amendments, outstanding payments, files, and their sandbox routes.
export const payrollRoutes: readonly AnyRoute[] = [
  ...payslipRoutes,
  sandboxReleasePayslipRoute,
  ...customFieldRoutes,
  ...contractAmendmentRoutes,
  sandboxUpdateContractAmendmentRoute,
  sandboxApproveContractAmendmentRoute,
  sandboxCancelContractAmendmentRoute,
  ...outstandingPaymentRoutes,
  ...fileRoutes,
];
