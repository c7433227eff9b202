import { bffStream } from "@/lib/console/server/bff";
import { streamReceipt } from "@/lib/console/server/expenses/receipt-stream";

// GET /api/bff/expenses/{id}/receipt — streams the expense's first receipt (GET /v1/expenses/{id}/receipt).
export const GET = bffStream(streamReceipt);
