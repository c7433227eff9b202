import { NextResponse, type NextRequest } from "next/server";

// Next 16's proxy (formerly middleware). It does not authenticate: requireConsoleSession() and
// getServerApi() check the session where data is read, which a proxy cannot replace. It only tells
// server components which page is being rendered (path and query), so the sign-in redirect can bring
// the user back to it. Keep in step with PATH_HEADER in lib/console/server/session.ts.
const PATH_HEADER = "x-roster-path";

export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the API routes, Next's assets or files with an extension.
  matcher: ["/((?!api/|_next/|.*\\.[A-Za-z0-9]+$).*)"],
};
