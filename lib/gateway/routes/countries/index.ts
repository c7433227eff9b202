import "server-only";
import type { AnyRoute } from "../../route";
import { listCountriesRoute } from "./list";
import { showFormRoute } from "./show-form";

export const countryRoutes: readonly AnyRoute[] = [listCountriesRoute, showFormRoute];
