import { bffStream } from "@/lib/console/bff";
import { streamReceipt } from "@/lib/console/expenses/receipt-stream";

// GET /api/bff/expenses/{id}/receipts/{receiptId} — streams one receipt of an expense.
export const GET = bffStream(streamReceipt);
