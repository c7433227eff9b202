import { bffHandler } from "@/lib/console/bff";
import { inviteEmployment } from "@/lib/console/employments/api";

// POST /api/bff/employments/{id}/invite — invite the employee to self-enrol (POST /v1/employments/{id}/invite).
export const POST = bffHandler(async ({ api, params }) => inviteEmployment(api, params.id!));
