import "server-only";
import { FileDownloadResponseSchema } from "@/lib/contract";
import { defineRoute, type AnyRoute, type RouteAuth } from "../../route";
import { downloadFile } from "../../services/files";
import { COMMON_ERRORS } from "../employments/scopes";

/** The provider's scopes for documents: `document:read`, `document:write` (read implied) or `employment_documents`. */
export const FILE_READ: RouteAuth = { kind: "scoped", scopes: ["document:read", "document:write", "employment_documents"], company: true };

// GET /v1/files/{id} — the provider's "Download file": the file's fields and its content (base64).
export const showFileRoute = defineRoute({
  method: "get",
  path: "/v1/files/{id}",
  operationId: "get_v1_files_id",
  summary: "Download file",
  tag: "Files",
  auth: FILE_READ,
  responses: {
    200: { description: "The file and its content, base64", schema: FileDownloadResponseSchema },
    404: { description: "Not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) => {
    const file = await downloadFile(c.get("deps").db, principal.companyId!, params.id!);
    return c.json({ data: { file } }, 200, { "Cache-Control": "private, no-store" });
  },
});

export const fileRoutes: AnyRoute[] = [showFileRoute];
