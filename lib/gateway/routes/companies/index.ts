import "server-only";
import type { AnyRoute } from "../../route";
import { listCompaniesRoute } from "./list";
import { showCompanyRoute } from "./show";

export const companyRoutes: readonly AnyRoute[] = [listCompaniesRoute, showCompanyRoute];
