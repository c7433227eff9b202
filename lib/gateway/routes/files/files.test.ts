import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { FileDownloadResponseSchema } from "@/lib/contract";
import { employmentFiles, employments } from "../../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makePayrollWorld } from "@/test-support/gateway/payroll";

// GET /v1/files/{id}: the provider's "Download file" (DownloadFileResponse).

let gw: TestGateway;
let w: Awaited<ReturnType<typeof makePayrollWorld>>;

beforeEach(async () => {
  gw = await createTestGateway();
  w = await makePayrollWorld(gw);
});

async function addFile(employment: { id: string; companyId: string }, over: Partial<typeof employmentFiles.$inferInsert> = {}) {
  const row = {
    id: randomUUID(),
    employmentId: employment.id,
    companyId: employment.companyId,
    name: "contract.pdf",
    type: "contract",
    subType: "employment_agreement",
    contentType: "application/pdf",
    content: new TextEncoder().encode("%PDF-1.4 test"),
    insertedAt: new Date(Date.UTC(2026, 0, 10, 9, 30)),
    ...over,
  };
  await gw.deps.db.insert(employmentFiles).values(row);
  return row;
}
const get = (id: string, token = w.a.tokens.admin) => gw.call("GET", `/v1/files/${id}`, { token });

describe("GET /v1/files/{id}", () => {
  it("200: the file's fields (spec 2.3) and its content, base64, in the provider's envelope", async () => {
    const f = await addFile(w.employee);
    const res = await get(f.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const { file } = FileDownloadResponseSchema.parse(await res.json()).data;
    expect(file).toEqual({
      id: f.id,
      name: "contract.pdf",
      type: "contract",
      sub_type: "employment_agreement",
      inserted_at: "2026-01-10T09:30:00Z",
      content: Buffer.from("%PDF-1.4 test").toString("base64"),
    });
    expect(res.headers.get("cache-control")).toContain("no-store");
  });

  it("a file without a sub type omits it (optional on the provider, not null)", async () => {
    const f = await addFile(w.employee, { subType: null, name: "id.png", type: "id" });
    const body = (await (await get(f.id)).json()) as { data: { file: Record<string, unknown> } };
    expect(Object.keys(body.data.file).sort()).toEqual(["content", "id", "inserted_at", "name", "type"]);
  });

  it("404 for another company's file, a deleted employment's, an unknown or malformed id; 403 without a document scope", async () => {
    const theirs = await addFile(w.employeeB);
    expect((await get(theirs.id)).status).toBe(404);
    expect((await get(randomUUID())).status).toBe(404);
    expect((await get("not-an-id")).status).toBe(404);
    const f = await addFile(w.employee);
    expect((await get(f.id, await w.tokenWith(["employment:read"]))).status).toBe(403);
    expect((await get(f.id, await w.tokenWith(["document:read"]))).status).toBe(200);
    await gw.deps.db.update(employments).set({ status: "deleted" }).where(eq(employments.id, w.employee.id));
    expect((await get(f.id)).status).toBe(404);
  });
});
