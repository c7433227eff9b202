import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { ApiRequestError } from "@/lib/console/api-errors";
import type { ConsoleSession } from "@/lib/console/session-types";
import { callbacksQueryOf, deliveriesQueryOf, requireCompanyId } from "./server";

const req = (qs: string) => new NextRequest(`http://127.0.0.1/api/bff/webhooks/events?${qs}`);
const session = (company: { id: string; name: string } | null): ConsoleSession => ({
  id: "s",
  kind: "customer_token",
  operatorId: null,
  environment: "sandbox",
  environments: ["sandbox"],
  user: null,
  company,
});

describe("webhooks BFF helpers", () => {
  it("passes the API's filters through, in the API's names", () => {
    expect(deliveriesQueryOf(req("event_type=payslip.released&successfully_delivered=false&page=2&page_size=50&delivery=x"))).toEqual({
      page: 2,
      page_size: 50,
      event_type: "payslip.released",
      successfully_delivered: "false",
    });
    expect(callbacksQueryOf(req("page=3"))).toEqual({ page: 3, page_size: 20 });
  });

  it("refuses a filter value the API would refuse, naming it, instead of dropping it", () => {
    expect(() => deliveriesQueryOf(req("event_type=offboarding.in_review"))).toThrow(ApiRequestError);
    expect(() => deliveriesQueryOf(req("successfully_delivered=yes"))).toThrow(/^successfully_delivered: invalid value "yes"$/);
  });

  it("needs a company to list callbacks", () => {
    expect(requireCompanyId(session({ id: "c1", name: "Acme" }))).toBe("c1");
    expect(() => requireCompanyId(session(null))).toThrow(/no company/);
  });
});
