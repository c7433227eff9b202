import "server-only";
import type { AnyRoute } from "../../route";
import { listOutstandingPaymentsRoute } from "./list";

export const outstandingPaymentRoutes: AnyRoute[] = [listOutstandingPaymentsRoute];
