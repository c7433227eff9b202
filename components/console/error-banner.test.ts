import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { ErrorBanner } from "./error-banner";

const render = (error: Partial<ApiErrorPayload>) =>
  renderToString(createElement(ErrorBanner, { error: { kind: "server", status: 500, message: "Boom", requestId: null, ...error } }));

describe("ErrorBanner", () => {
  it("gives the request id for support when the API sent one", () => {
    expect(render({ requestId: "req_123" })).toMatch(/Request id: <code[^>]*>req_123<\/code>/);
  });

  it("an error without a request id never says 'no request id': the HTTP status, or nothing without an answer", () => {
    const answered = render({ status: 502 });
    expect(answered).not.toMatch(/request id/i);
    expect(answered).toContain("HTTP 502");
    const unanswered = render({ kind: "network", status: 0 });
    expect(unanswered).not.toMatch(/request id|HTTP/i);
    expect(unanswered).toContain("The API is unreachable");
  });
});
