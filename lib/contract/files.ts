import { z } from "zod";

// GET /v1/files/{id}: the provider's DownloadFileResponse — a file's fields (spec 2.3) and its content.
// `content` is the provider's `format: binary`, carried in JSON as base64 (docs/decisions/contract-payroll-webhooks.md).

export const FileDownloadSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  sub_type: z.string().nullable().optional(),
  inserted_at: z.iso.datetime(),
  /** The file's bytes, base64. */
  content: z.string(),
});
export type FileDownload = z.infer<typeof FileDownloadSchema>;
export const FileDownloadResponseSchema = z.object({ data: z.object({ file: FileDownloadSchema }) });
export type FileDownloadResponse = z.infer<typeof FileDownloadResponseSchema>;
