import { bffStream } from "@/lib/console/bff";
import { streamReceipt } from "@/lib/console/expenses/receipt-stream";

// GET /api/bff/expenses/{id}/receipt — streams the expense's first receipt (GET /v1/expenses/{id}/receipt).
export const GET = bffStream(streamReceipt);
