import { bffHandler } from "@/lib/console/server/bff";
import { listTimeoffTypes } from "@/lib/console/server/timeoff/api";

// GET /api/bff/timeoff/types — the time off types with their descriptions (GET /v1/timeoff/types).
export const GET = bffHandler(async ({ api }) => {
  return listTimeoffTypes(api);
});
