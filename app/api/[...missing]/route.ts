import { NextResponse } from "next/server";
import type { ApiErrorPayload } from "@/lib/console/api-errors";

// Any /api/… address no route matches: a JSON 404 in the console's error shape (the same body the
// BFF answers with), not the HTML not-found page meant for people. Every method, so a mistyped
// POST or DELETE is told the same thing instead of 405.

function missing(): NextResponse {
  const error: ApiErrorPayload = {
    kind: "not_found",
    status: 404,
    message: "No such console API route",
    requestId: null,
  };
  return NextResponse.json({ error }, { status: 404, headers: { "cache-control": "no-store" } });
}

export const GET = missing;
export const HEAD = missing;
export const POST = missing;
export const PUT = missing;
export const PATCH = missing;
export const DELETE = missing;
export const OPTIONS = missing;
