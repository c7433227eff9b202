import "server-only";
import { defineRoute, type RouteDefinition } from "../../route";
import { downloadPayslip } from "../../services/payslips";
import { COMMON_ERRORS } from "../employments/scopes";
import { PAYSLIP_READ } from "./scopes";

// GET /v1/payslips/{payslip_id}/pdf (the provider's path) and GET /v1/payslips/{payslip_id}/download
// (the spec's, spec 4.2, kept as an alias): the payslip as a PDF generated from its stored lines.
const pdf: Omit<RouteDefinition, "path" | "operationId" | "summary"> = {
  method: "get",
  tag: "Payslips",
  auth: PAYSLIP_READ,
  responses: {
    200: { description: "The payslip PDF", contentType: "application/pdf" },
    404: { description: "Not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) => {
    const { bytes, filename } = await downloadPayslip(c.get("deps"), principal.companyId!, params.payslip_id!);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      // Pay data: never kept by shared caches.
      "Cache-Control": "private, no-store",
    });
  },
};

export const payslipPdfRoute = defineRoute({
  ...pdf,
  path: "/v1/payslips/{payslip_id}/pdf",
  operationId: "get_v1_payslips_payslip_id_pdf",
  summary: "Download payslip (PDF)",
});

export const downloadPayslipRoute = defineRoute({
  ...pdf,
  path: "/v1/payslips/{payslip_id}/download",
  operationId: "get_v1_payslips_payslip_id_download",
  summary: "Download payslip (PDF), the spec's path (alias of /pdf)",
});
