import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { FileDownload } from "@/lib/contract";
import type { DbOrTx } from "../db/client";
import { employmentFiles, employments } from "../db/schema";
import { notFound } from "../errors";
import { UUID_RE } from "./employments";

// GET /v1/files/{id}: a file of one of the company's employments (spec 2.3), with its bytes.

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export async function downloadFile(db: DbOrTx, companyId: string, id: string): Promise<FileDownload> {
  if (!UUID_RE.test(id)) throw notFound("File");
  const [row] = await db
    .select({ file: employmentFiles })
    .from(employmentFiles)
    .innerJoin(employments, eq(employments.id, employmentFiles.employmentId))
    .where(and(eq(employmentFiles.id, id), eq(employmentFiles.companyId, companyId), ne(employments.status, "deleted")));
  if (!row) throw notFound("File");
  const f = row.file;
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    // Optional on the provider: absent rather than null when the file has no sub type.
    ...(f.subType !== null ? { sub_type: f.subType } : {}),
    inserted_at: iso(f.insertedAt),
    content: Buffer.from(f.content ?? new Uint8Array()).toString("base64"),
  };
}
