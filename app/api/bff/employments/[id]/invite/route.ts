import { bffHandler } from "@/lib/console/server/bff";
import { inviteEmployment } from "@/lib/console/server/employments/api";

// POST /api/bff/employments/{id}/invite — invite the employee to self-enrol (POST /v1/employments/{id}/invite).
export const POST = bffHandler(async ({ api, params }) => inviteEmployment(api, params.id!));
