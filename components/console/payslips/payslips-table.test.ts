import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Payslip } from "@/lib/contract";
import { PayslipsTable } from "./payslips-table";

// The payslips table's money cells: the converted net reads in the company's billing currency (its
// desired_currency), formatted as the console's other money cells ("1,234.56 EUR").

const payslip: Payslip = {
  id: "11111111-1111-4111-8111-111111111111",
  employment_id: "22222222-2222-4222-8222-222222222222",
  issued_at: "2026-10-31",
  net_pay_source_amount: 123456,
  net_pay_converted_amount: 987654,
};

const render = (companyCurrency: string | undefined, items: Payslip[] = [payslip]) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(PayslipsTable, {
        scope: { environment: "sandbox", companyId: "33333333-3333-4333-8333-333333333333" },
        items,
        employments: new Map(),
        companyCurrency,
        caption: "Payslips, page 1 of 1",
        onDownloadError: () => {},
      }),
    ),
  );

const cells = (html: string) => [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));

describe("PayslipsTable", () => {
  it("shows the net in the company's currency with its code", () => {
    expect(cells(render("EUR"))).toContain("9,876.54 EUR");
  });

  it("shows a dash, not a code, when the payslip has no converted net", () => {
    const html = render("EUR", [{ ...payslip, net_pay_converted_amount: undefined }]);
    expect(cells(html)).toContain("—");
    expect(cells(html).some((c) => c.includes("EUR"))).toBe(false);
  });
});
