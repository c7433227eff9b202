import "server-only";
import type { AnyRoute } from "../../route";
import { downloadPayslipRoute, payslipPdfRoute } from "./download";
import { listPayslipsRoute } from "./list";
import { showPayslipRoute } from "./show";

export const payslipRoutes: AnyRoute[] = [listPayslipsRoute, showPayslipRoute, payslipPdfRoute, downloadPayslipRoute];
