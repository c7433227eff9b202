import { bffStream } from "@/lib/console/server/bff";
import { streamReceipt } from "@/lib/console/server/expenses/receipt-stream";

// GET /api/bff/expenses/{id}/receipts/{receiptId} — streams one receipt of an expense.
export const GET = bffStream(streamReceipt);
