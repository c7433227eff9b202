import "server-only";
import type { AnyRoute } from "../../route";
import { createCompanyManagerRoute } from "./create";
import { deleteCompanyManagerRoute } from "./delete";
import { listCompanyManagersRoute } from "./list";
import { showCompanyManagerRoute } from "./show";

export const companyManagerRoutes: AnyRoute[] = [
  listCompanyManagersRoute,
  createCompanyManagerRoute,
  showCompanyManagerRoute,
  deleteCompanyManagerRoute,
];
