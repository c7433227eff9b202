import "server-only";
import type { AnyRoute } from "../../route";
import { currentIdentityRoute } from "./current";

export const identityRoutes: readonly AnyRoute[] = [currentIdentityRoute];
