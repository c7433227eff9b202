import "server-only";
import type { AnyRoute } from "../../route";
import { createDepartmentRoute } from "./create";
import { listDepartmentsRoute } from "./list";

export const departmentRoutes: AnyRoute[] = [listDepartmentsRoute, createDepartmentRoute];
