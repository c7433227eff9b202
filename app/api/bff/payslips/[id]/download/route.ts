import { bffStream } from "@/lib/console/server/bff";
import { downloadPayslip } from "@/lib/console/server/payslips/api";

// GET /api/bff/payslips/{id}/download — streams the payslip PDF of GET /v1/payslips/{id}/pdf
// to the browser with the API's Content-Type and Content-Disposition: the token stays here, the
// bytes are not buffered. Errors answer the BFF's JSON `{error}` with the upstream status.

const PASSED_HEADERS = ["content-type", "content-disposition", "x-request-id"] as const;

export const GET = bffStream(async ({ api, req, params }) => {
  const id = params.id!;
  const upstream = await downloadPayslip(api, id, req.signal);
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // A body fetch already decoded has another length than the upstream's: only pass it when unencoded.
  const length = upstream.headers.get("content-length");
  if (length && !upstream.headers.get("content-encoding")) headers.set("content-length", length);
  if (!headers.has("content-disposition"))
    headers.set("content-disposition", `attachment; filename="payslip-${id.replace(/[^A-Za-z0-9-]/g, "")}.pdf"`);
  return new Response(upstream.body, { status: 200, headers });
});
