import type { NextRequest } from "next/server";
import { streamReceipt } from "@/lib/console/expenses/receipt-stream";

// GET /api/bff/expenses/{id}/receipt — streams the expense's first receipt (GET /v1/expenses/{id}/receipt).
export function GET(req: NextRequest, ctx: { params: Promise<{ id: string }> }) {
  return streamReceipt(req, ctx.params);
}
