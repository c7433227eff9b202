import type { NextRequest } from "next/server";
import { streamReceipt } from "@/lib/console/expenses/receipt-stream";

// GET /api/bff/expenses/{id}/receipts/{receiptId} — streams one receipt of an expense.
export function GET(req: NextRequest, ctx: { params: Promise<{ id: string; receiptId: string }> }) {
  return streamReceipt(req, ctx.params);
}
