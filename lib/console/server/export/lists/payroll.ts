import "server-only";
import type { CustomField, OutstandingPayment, Payslip } from "@/lib/contract";
import { customFieldCurrency, customFieldOptions } from "@/lib/contract/helpers";
import { labelOf } from "@/lib/console/api-read";
import { ApiRequestError } from "@/lib/console/api-errors";
import { ROLE_LABELS } from "@/lib/console/company-managers/invite-form";
import { managersList } from "@/lib/console/company-managers/list";
import { AMENDMENT_STATUS_LABELS, reasonLabel } from "@/lib/console/contract-amendments/labels";
import { amendmentsList } from "@/lib/console/contract-amendments/list";
import { CUSTOM_FIELD_ACCESS_LABELS, CUSTOM_FIELD_TYPE_LABELS } from "@/lib/console/custom-fields/labels";
import { customFieldsList } from "@/lib/console/custom-fields/list";
import { PAYMENT_STATUS_LABELS, PAYMENT_TYPE_LABELS } from "@/lib/console/outstanding-payments/labels";
import { paymentsList } from "@/lib/console/outstanding-payments/list";
import { payslipsList } from "@/lib/console/payslips/list";
import { missingScopeNotice } from "@/lib/console/auth/missing-scope";
import { COMPANY_CURRENCY_READS, readCompanyCurrency } from "../../companies/currency";
import { listAllCompanyManagers, listCompanyManagers } from "../../company-managers/api";
import { listContractAmendments } from "../../contract-amendments/api";
import { listCustomFields } from "../../custom-fields/api";
import { listOutstandingPayments } from "../../outstanding-payments/api";
import { listPayslips } from "../../payslips/api";
import type { CsvColumn } from "../csv";
import type { ExportSpec } from "../handler";
import { liveListSource, loadEmploymentNames, noContext, type EmploymentNames } from "../live-list";
import { employeeColumns, minorToDecimal } from "./common";

// The exports of the payroll lists (payslips, contract amendments, outstanding payments, company
// managers, custom fields): the columns of each list's table, by the same ids. PDF and Actions
// columns have nothing to export.

type Names = { names: EmploymentNames };
/** Rows as the console reads them (the provider's wider enums included). */
type ContractAmendmentListItem = Awaited<ReturnType<typeof listContractAmendments>>["contract_amendments"][number];
type CompanyManager = Awaited<ReturnType<typeof listCompanyManagers>>["company_managers"][number];

/**
 * The company's billing currency (its desired_currency) names the converted net; null when the
 * connection lacks `missingScope` (company:read: granted before the console asked for it).
 */
type PayslipCtx = Names & { companyCurrency: string | null; missingScope: string | null };

export const PAYSLIP_EXPORT_COLUMNS: CsvColumn<Payslip, PayslipCtx>[] = [
  { id: "Issued", header: "Issued", value: (p) => p.issued_at },
  ...employeeColumns<Payslip, PayslipCtx>("Employment", (p) => p.employment_id),
  { id: "Expected payout", header: "Expected payout", value: (p) => p.expected_payout_date?.slice(0, 10) ?? null },
  // The provider's payslip list carries no currency: the employment's is its country's (see the page).
  { id: "Net pay", header: "Net pay (employment currency)", value: (p) => minorToDecimal(p.net_pay_source_amount) },
  { id: "Net, company currency", header: "Net pay (company currency)", value: (p) => minorToDecimal(p.net_pay_converted_amount) },
  {
    id: "Net, company currency",
    // Without company:read the file still holds every payslip; the column says why it is empty.
    header: (c) => (c.missingScope ? `Company currency (not read: the connection lacks the ${c.missingScope} scope)` : "Company currency"),
    value: (p, c) => (p.net_pay_converted_amount === undefined ? null : c.companyCurrency),
  },
  { id: "Issued", header: "Payslip ID", value: (p) => p.id },
];

export const payslipsExport = {
  list: payslipsList,
  name: "payslips",
  columns: PAYSLIP_EXPORT_COLUMNS,
  source: (input) =>
    liveListSource({
      list: payslipsList,
      fetchPage: (api, q) => listPayslips(api, q),
      itemsOf: (p) => p.payslips,
      idOf: (p) => p.id,
      context: async (api, signal) => {
        const companyId = input.session.company?.id;
        if (!companyId) throw new Error("export of payslips: the session acts for no company");
        const [names, company] = await Promise.all([loadEmploymentNames(api, signal), readCompanyCurrency(api, companyId)]);
        // Any failure but the missing scope fails the export as before (try again); the scope will not come by retrying.
        if (company.currency === null && !company.missingScope) throw company.error;
        return { names, companyCurrency: company.currency, missingScope: company.missingScope };
      },
    })(input).then((source) => ({
      ...source,
      notice: source.context.missingScope
        ? {
            columns: ["Net, company currency"],
            notice: missingScopeNotice({
              scope: source.context.missingScope,
              readsWhat: COMPANY_CURRENCY_READS,
              kind: input.session.kind,
              environment: input.session.environment,
              returnTo: payslipsList.path,
            }),
          }
        : null,
    })),
} satisfies ExportSpec<typeof payslipsList.filters, Payslip, PayslipCtx>;

type AmendmentCtx = Names & { users: ReadonlyMap<string, string> };

export const AMENDMENT_EXPORT_COLUMNS: CsvColumn<ContractAmendmentListItem, AmendmentCtx>[] = [
  { id: "Amendment", header: "Amendment", value: (a) => reasonLabel(a.reason_for_change) ?? "Contract amendment" },
  { id: "Amendment", header: "Job title", value: (a) => a.job_title ?? null },
  { id: "Amendment", header: "Amendment ID", value: (a) => a.id },
  ...employeeColumns<ContractAmendmentListItem, AmendmentCtx>("Employment", (a) => a.employment_id),
  { id: "Effective", header: "Effective date", value: (a) => a.requested_effective_date },
  { id: "Status", header: "Status", value: (a) => AMENDMENT_STATUS_LABELS[a.status] ?? a.status },
  {
    id: "Requested by",
    header: "Requested by",
    value: (a, c) => (a.requested_by ? (c.users.get(a.requested_by) ?? a.requested_by) : null),
  },
  { id: "Submitted", header: "Submitted at", value: (a) => a.submitted_at },
];

export const amendmentsExport = {
  list: amendmentsList,
  name: "contract-amendments",
  columns: AMENDMENT_EXPORT_COLUMNS,
  source: liveListSource({
    list: amendmentsList,
    fetchPage: (api, q) => listContractAmendments(api, q),
    itemsOf: (p) => p.contract_amendments,
    idOf: (a) => a.id,
    context: async (api, signal) => {
      const [names, managers] = await Promise.all([loadEmploymentNames(api, signal), listAllCompanyManagers(api)]);
      return { names, users: new Map(managers.map((m) => [m.user_id, m.user_name])) };
    },
  }),
} satisfies ExportSpec<typeof amendmentsList.filters, ContractAmendmentListItem, AmendmentCtx>;

export const PAYMENT_EXPORT_COLUMNS: CsvColumn<OutstandingPayment, undefined>[] = [
  { id: "invoice", header: "Invoice", value: (p) => p.invoice_number },
  { id: "period", header: "Invoice period", value: (p) => p.invoice_period },
  { id: "type", header: "Type", value: (p) => PAYMENT_TYPE_LABELS[p.type] ?? p.type },
  { id: "description", header: "Description", value: (p) => p.description },
  { id: "amount", header: "Amount", value: (p) => minorToDecimal(p.amount) },
  { id: "amount", header: "Currency", value: (p) => p.currency },
  { id: "issued", header: "Issued", value: (p) => p.issued_at },
  { id: "due", header: "Due date", value: (p) => p.due_date },
  { id: "status", header: "Status", value: (p) => PAYMENT_STATUS_LABELS[p.status] ?? p.status },
];

export const paymentsExport = {
  list: paymentsList,
  name: "outstanding-payments",
  columns: PAYMENT_EXPORT_COLUMNS,
  source: liveListSource({
    list: paymentsList,
    fetchPage: async (api, q) => {
      const page = await listOutstandingPayments(api, q);
      if (!page)
        throw new ApiRequestError({
          kind: "not_found",
          status: 404,
          message: "This API has no list of outstanding payments and refunds.",
          requestId: null,
        });
      return page;
    },
    itemsOf: (p) => p.outstanding_payments_and_refunds,
    idOf: (p) => p.id,
    context: noContext,
  }),
} satisfies ExportSpec<typeof paymentsList.filters, OutstandingPayment, undefined>;

export const MANAGER_EXPORT_COLUMNS: CsvColumn<CompanyManager, undefined>[] = [
  { id: "Name", header: "Name", value: (m) => m.user_name },
  { id: "Email", header: "Email", value: (m) => m.user_email },
  { id: "Role", header: "Role", value: (m) => labelOf(ROLE_LABELS, m.role) },
  { id: "Name", header: "User ID", value: (m) => m.user_id },
];

export const managersExport = {
  list: managersList,
  name: "company-managers",
  columns: MANAGER_EXPORT_COLUMNS,
  source: liveListSource({
    list: managersList,
    fetchPage: (api, q) => listCompanyManagers(api, q),
    itemsOf: (p) => p.company_managers,
    idOf: (m) => m.user_id,
    context: noContext,
  }),
} satisfies ExportSpec<typeof managersList.filters, CompanyManager, undefined>;

export const CUSTOM_FIELD_EXPORT_COLUMNS: CsvColumn<CustomField, undefined>[] = [
  { id: "Name", header: "Name", value: (f) => f.name },
  { id: "Name", header: "Required", value: (f) => f.required },
  { id: "Name", header: "Entered by", value: (f) => CUSTOM_FIELD_ACCESS_LABELS[f.data_entry_access] ?? f.data_entry_access },
  { id: "Name", header: "Seen by", value: (f) => CUSTOM_FIELD_ACCESS_LABELS[f.visibility_scope] ?? f.visibility_scope },
  { id: "Type", header: "Type", value: (f) => CUSTOM_FIELD_TYPE_LABELS[f.type] ?? f.type },
  { id: "Options", header: "Options", value: (f) => customFieldOptions(f)?.join("; ") ?? customFieldCurrency(f) },
  { id: "ID", header: "ID", value: (f) => f.id },
];

export const customFieldsExport = {
  list: customFieldsList,
  name: "custom-fields",
  columns: CUSTOM_FIELD_EXPORT_COLUMNS,
  source: liveListSource({
    list: customFieldsList,
    fetchPage: (api, q) => listCustomFields(api, q),
    itemsOf: (p) => p.custom_fields,
    idOf: (f) => f.id,
    context: noContext,
  }),
} satisfies ExportSpec<typeof customFieldsList.filters, CustomField, undefined>;
