import "server-only";
import type { AnyRoute } from "../../route";
import { showTimeoffBalanceRoute } from "./show";

export const timeoffBalanceRoutes: AnyRoute[] = [showTimeoffBalanceRoute];
