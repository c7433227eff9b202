import "server-only";
import type { AnyRoute } from "../../route";
import { authorizeRoute } from "./authorize";
import { authorizeConsentRoute } from "./authorize-consent";
import { authorizeLoginRoute } from "./authorize-login";
import { revokeRoute } from "./revoke";
import { tokenRoute } from "./token";

export const oauthRoutes: readonly AnyRoute[] = [authorizeRoute, authorizeLoginRoute, authorizeConsentRoute, tokenRoute, revokeRoute];
