import "server-only";
import type { AnyRoute } from "../../route";
import { createOffboardingRoute } from "./create";
import { listOffboardingsRoute } from "./list";
import { showOffboardingRoute } from "./show";

export const offboardingRoutes: AnyRoute[] = [listOffboardingsRoute, createOffboardingRoute, showOffboardingRoute];
