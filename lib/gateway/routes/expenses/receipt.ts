import "server-only";
import { defineRoute } from "../../route";
import { getReceiptOrThrow } from "../../services/expenses";
import { sendFile } from "../../services/expenses-receipts";
import { COMMON_ERRORS } from "../employments/scopes";
import { EXPENSE_READ } from "./scopes";

const FILE_RESPONSE = {
  description: "The stored bytes, with their detected Content-Type and a Content-Disposition naming the file",
  contentType: "application/octet-stream",
};

// GET /v1/expenses/{expense_id}/receipt — downloads the expense's (first) receipt.
export const downloadReceiptRoute = defineRoute({
  method: "get",
  path: "/v1/expenses/{expense_id}/receipt",
  operationId: "get_v1_expenses_expense_id_receipt",
  summary: "Download a receipt",
  tag: "Expenses",
  auth: EXPENSE_READ,
  responses: { 200: FILE_RESPONSE, 404: { description: "No such expense, or it has no receipt" }, ...COMMON_ERRORS },
  handler: async (c, { params, principal }) =>
    sendFile(c, await getReceiptOrThrow(c.get("deps"), principal.companyId!, params.expense_id!)),
});

// GET /v1/expenses/{expense_id}/receipts/{receipt_id} — downloads one receipt of an expense.
export const downloadReceiptByIdRoute = defineRoute({
  method: "get",
  path: "/v1/expenses/{expense_id}/receipts/{receipt_id}",
  operationId: "get_v1_expenses_expense_id_receipts_receipt_id",
  summary: "Download a receipt by id",
  tag: "Expenses",
  auth: EXPENSE_READ,
  responses: { 200: FILE_RESPONSE, 404: { description: "No such expense or receipt" }, ...COMMON_ERRORS },
  handler: async (c, { params, principal }) =>
    sendFile(c, await getReceiptOrThrow(c.get("deps"), principal.companyId!, params.expense_id!, params.receipt_id!)),
});
