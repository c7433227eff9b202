import "server-only";
import { exampleSection } from "@/lib/gateway/forms";
import { makeEmployment } from "../../factories";
import { sdk, type ProviderTypes } from "./sdk";
import type { ProviderClientWorld } from "./world";

// One call of the provider's own SDK function per operation, in an order where creates come before
// the reads, updates and deletes of what they created. Every body is typed by the provider's
// types.gen.ts (the compiler checks it against the provider's declaration) and holds realistic
// values: the built-in forms' examples for the form sections, dates around the world's clock.

/** What an SDK function resolves to (responseStyle "fields"): `error` is set on any non-2xx answer. */
export interface SdkOutcome {
  data?: unknown;
  error?: unknown;
  response?: Response;
}

export interface Scenario {
  /** The SDK function name (sdk.gen.ts), e.g. `postV1Timeoff`. */
  op: string;
  run(w: ProviderClientWorld): Promise<SdkOutcome>;
}

/** A string found at a path in a parsed response, or undefined. */
export function dig(value: unknown, ...keys: string[]): string | undefined {
  let cur = value;
  for (const k of keys) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return typeof cur === "string" ? cur : undefined;
}

/** The first element's field of an array at a path. */
function digFirst(value: unknown, keys: string[], field: string): string | undefined {
  let cur = value;
  for (const k of keys) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return Array.isArray(cur) ? dig(cur[0], field) : undefined;
}

/** A scenario that cannot run because the operation that creates what it acts on failed. */
export class Blocked extends Error {
  constructor(
    readonly by: string,
    detail?: string,
  ) {
    super(`not run: needs what ${by} creates, and it failed${detail ? ` (${detail})` : ""}`);
  }
}

/** The status and error of a failed setup call, for a Blocked message. */
function failure(outcome: SdkOutcome): string {
  const error = JSON.stringify(outcome.error) ?? "";
  return `${outcome.response?.status ?? "no response"} ${error.length > 200 ? `${error.slice(0, 200)}…` : error}`;
}

/** An id produced by an earlier operation (`by`), or Blocked. */
function need(w: ProviderClientWorld, key: string, by: string): string {
  const id = w.ids[key];
  if (!id) throw new Blocked(by);
  return id;
}

/**
 * A file for a body field the provider names `Base64File`: on the wire its `content` is base64 text
 * (JSON bodies), although the generator typed the field `Blob | File` from its binary format.
 */
function base64File(name: string, bytes: Buffer): ProviderTypes.Base64File {
  return { name, content: bytes.toString("base64") as unknown as Blob };
}

const RECEIPT_PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const employmentId = (w: ProviderClientWorld) => w.ids.employment ?? w.draft.id;

/**
 * A requested (not yet approved) time off, to approve or decline. The provider's client cannot make
 * one (its create takes approved time off only: employees request theirs in the provider's app), so
 * it is set up with a plain request to the API, as the console does.
 */
async function requestedTimeoff(w: ProviderClientWorld, day: string): Promise<string> {
  const res = await fetch(`${w.baseUrl}/v1/timeoff`, {
    method: "POST",
    headers: { authorization: w.auth.owner, "content-type": "application/json" },
    body: JSON.stringify({
      employment_id: w.active.id,
      timeoff_type: "paid_time_off",
      start_date: day,
      end_date: day,
      timezone: "Europe/Lisbon",
      timeoff_days: [{ day, hours: 8 }],
    }),
  });
  const id = dig(await res.json(), "data", "timeoff", "id");
  if (!id) throw new Blocked(`a requested time off (POST /v1/timeoff without status answered ${res.status})`);
  return id;
}

export const SCENARIOS: Scenario[] = [
  // --- OAuth 2.0 and identity ---
  {
    op: "postAuthOauth2Token",
    run: async (w) => {
      const res = await sdk.postAuthOauth2Token({
        client: w.client,
        auth: `${w.partner.id}:${w.partner.secret}`,
        body: { grant_type: "client_credentials", client_id: w.partner.id },
      });
      const token = dig(res.data, "access_token");
      if (token) w.auth.partnerClient = `Bearer ${token}`;
      return res;
    },
  },
  { op: "getV1IdentityCurrent", run: (w) => sdk.getV1IdentityCurrent({ client: w.client, headers: { Authorization: w.auth.owner } }) },
  { op: "getV1Companies", run: (w) => sdk.getV1Companies({ client: w.client, headers: { Authorization: w.auth.partnerClient } }) },
  {
    op: "getV1CompaniesCompanyId",
    run: (w) =>
      sdk.getV1CompaniesCompanyId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { company_id: w.tenant.company.id },
      }),
  },
  { op: "getV1Countries", run: (w) => sdk.getV1Countries({ client: w.client, headers: { Authorization: w.auth.owner } }) },
  {
    op: "getV1CountriesCountryCodeForm",
    run: (w) =>
      sdk.getV1CountriesCountryCodeForm({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { country_code: "PRT", form: "employment_basic_information" },
      }),
  },

  // --- Company structure ---
  {
    op: "getV1CompanyDepartments",
    run: (w) =>
      sdk.getV1CompanyDepartments({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        query: { company_id: w.tenant.company.id, page: 1, page_size: 20 },
      }),
  },
  {
    op: "postV1CompanyDepartments",
    run: (w) =>
      sdk.postV1CompanyDepartments({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: { company_id: w.tenant.company.id, name: "Product Design" },
      }),
  },
  { op: "getV1CompanyManagers", run: (w) => sdk.getV1CompanyManagers({ client: w.client, headers: { Authorization: w.auth.owner } }) },
  {
    op: "postV1CompanyManagers",
    run: async (w) => {
      const res = await sdk.postV1CompanyManagers({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: { name: "Inês Ferreira", email: "ines.ferreira@acme-robotics.example", role: "people_manager" },
      });
      w.ids.manager = dig(res.data, "company_manager", "id") ?? dig(res.data, "data", "company_manager", "id");
      return res;
    },
  },
  {
    op: "getV1CompanyManagersUserId",
    run: (w) =>
      sdk.getV1CompanyManagersUserId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { user_id: w.ids.manager ?? w.tenant.peopleManager.id },
      }),
  },
  {
    op: "deleteV1CompanyManagersUserId",
    run: (w) =>
      sdk.deleteV1CompanyManagersUserId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { user_id: w.formerManager.id },
      }),
  },

  // --- Employments ---
  {
    op: "postV1Employments",
    run: async (w) => {
      const res = await sdk.postV1Employments({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          country_code: "PRT",
          type: "employee",
          external_id: "HRIS-20417",
          basic_information: exampleSection("PRT", "employment_basic_information", 0),
        },
      });
      w.ids.employment = dig(res.data, "data", "employment", "id");
      return res;
    },
  },
  {
    op: "getV1Employments",
    run: (w) => sdk.getV1Employments({ client: w.client, headers: { Authorization: w.auth.owner }, query: { page: 1, page_size: 20 } }),
  },
  {
    op: "getV1EmploymentsEmploymentId",
    run: (w) =>
      sdk.getV1EmploymentsEmploymentId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: employmentId(w) },
      }),
  },
  {
    // A document of the employment (its signed agreement), downloaded by id as the provider's files are.
    op: "getV1FilesId",
    run: (w) => sdk.getV1FilesId({ client: w.client, headers: { Authorization: w.auth.owner }, path: { id: w.agreementFileId } }),
  },
  {
    // PUT /v1/employments/{id} (the provider names both verbs patch…; the first is PUT).
    op: "patchV1EmploymentsEmploymentId",
    run: (w) =>
      sdk.patchV1EmploymentsEmploymentId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: employmentId(w) },
        body: { contract_details: exampleSection("PRT", "contract_details", 0) },
      }),
  },
  {
    op: "patchV1EmploymentsEmploymentId2",
    run: (w) =>
      sdk.patchV1EmploymentsEmploymentId2({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: employmentId(w) },
        body: { address_details: exampleSection("PRT", "address_details", 0) },
      }),
  },
  {
    op: "patchV2EmploymentsEmploymentId",
    run: (w) =>
      sdk.patchV2EmploymentsEmploymentId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: employmentId(w) },
        body: { department_id: w.department.id, manager_id: w.tenant.peopleManager.id },
      }),
  },
  {
    op: "patchV2EmploymentsEmploymentId2",
    run: (w) =>
      sdk.patchV2EmploymentsEmploymentId2({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: employmentId(w) },
        body: { work_email: "ana.silva@acme-robotics.example", external_id: "HRIS-20418" },
      }),
  },
  {
    op: "postV1EmploymentsEmploymentIdInvite",
    run: (w) =>
      sdk.postV1EmploymentsEmploymentIdInvite({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: employmentId(w) },
      }),
  },
  {
    op: "patchV1SandboxEmploymentsEmploymentId",
    run: (w) =>
      sdk.patchV1SandboxEmploymentsEmploymentId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: w.draft.id },
        body: { status: "active" },
      }),
  },
  {
    op: "patchV1SandboxEmploymentsEmploymentId2",
    run: async (w) => {
      const another = await makeEmployment(w.gw.deps.db, w.tenant.company.id, { fullName: "Beatriz Lopes" });
      return sdk.patchV1SandboxEmploymentsEmploymentId2({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: another.id },
        body: { status: "active", provisional_start_date: "2026-04-01" },
      });
    },
  },

  // --- Webhooks (registered by the partner for the company that granted it) ---
  {
    op: "postV1WebhookCallbacks",
    run: async (w) => {
      const res = await sdk.postV1WebhookCallbacks({
        client: w.client,
        headers: { Authorization: w.auth.partnerGrant },
        body: { url: "https://hooks.partner.example/remote", subscribed_events: ["employment.details.updated", "timeoff.approved"] },
      });
      w.ids.callback = dig(res.data, "data", "webhook_callback", "id");
      return res;
    },
  },
  {
    op: "getV1CompaniesCompanyIdWebhookCallbacks",
    run: (w) =>
      sdk.getV1CompaniesCompanyIdWebhookCallbacks({
        client: w.client,
        headers: { Authorization: w.auth.partnerGrant },
        path: { company_id: w.tenant.company.id },
      }),
  },
  {
    op: "patchV1WebhookCallbacksId",
    run: (w) =>
      sdk.patchV1WebhookCallbacksId({
        client: w.client,
        headers: { Authorization: w.auth.partnerGrant },
        path: { id: need(w, "callback", "postV1WebhookCallbacks") },
        body: { subscribed_events: ["employment.details.updated", "timeoff.approved", "expense.submitted"] },
      }),
  },
  {
    op: "postV1SandboxWebhookCallbacksTrigger",
    run: (w) =>
      sdk.postV1SandboxWebhookCallbacksTrigger({
        client: w.client,
        headers: { Authorization: w.auth.partnerGrant },
        body: { employment_id: w.active.id, event_type: "employment.details.updated" },
      }),
  },
  {
    op: "getV1WebhookEvents",
    run: async (w) => {
      const res = await sdk.getV1WebhookEvents({
        client: w.client,
        headers: { Authorization: w.auth.partnerGrant },
        query: { company_id: w.tenant.company.id, order: "desc", sort_by: "first_triggered_at" },
      });
      w.ids.webhookEvent = digFirst(res.data, ["data", "webhook_events"], "id");
      return res;
    },
  },
  {
    op: "postV1WebhookEventsReplay",
    run: (w) =>
      sdk.postV1WebhookEventsReplay({
        client: w.client,
        headers: { Authorization: w.auth.partnerGrant },
        body: w.ids.webhookEvent
          ? { ids: [w.ids.webhookEvent] }
          : { after: "2026-03-15T00:00:00Z", before: "2026-03-16T00:00:00Z", company_id: w.tenant.company.id },
      }),
  },

  // --- Custom fields ---
  {
    op: "postV1CustomFields",
    run: async (w) => {
      const res = await sdk.postV1CustomFields({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          name: "Laptop asset tag",
          type: "string",
          required: false,
          data_entry_access: "company_admin_only",
          visibility_scope: "everyone",
        },
      });
      w.ids.customField = dig(res.data, "data", "custom_field", "id");
      return res;
    },
  },
  { op: "getV1CustomFields", run: (w) => sdk.getV1CustomFields({ client: w.client, headers: { Authorization: w.auth.owner } }) },
  {
    op: "patchV1CustomFieldsCustomFieldIdValuesEmploymentId",
    run: (w) =>
      sdk.patchV1CustomFieldsCustomFieldIdValuesEmploymentId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { custom_field_id: need(w, "customField", "postV1CustomFields"), employment_id: w.active.id },
        body: { value: "ACME-LT-0042" },
      }),
  },
  {
    op: "patchV1CustomFieldsCustomFieldIdValuesEmploymentId2",
    run: (w) =>
      sdk.patchV1CustomFieldsCustomFieldIdValuesEmploymentId2({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { custom_field_id: need(w, "customField", "postV1CustomFields"), employment_id: w.active.id },
        body: { value: "ACME-LT-0043" },
      }),
  },
  {
    op: "getV1CustomFieldsCustomFieldIdValuesEmploymentId",
    run: (w) =>
      sdk.getV1CustomFieldsCustomFieldIdValuesEmploymentId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { custom_field_id: need(w, "customField", "postV1CustomFields"), employment_id: w.active.id },
      }),
  },
  {
    op: "getV1EmploymentsEmploymentIdCustomFields",
    run: (w) =>
      sdk.getV1EmploymentsEmploymentIdCustomFields({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: w.active.id },
        query: { page: 1, page_size: 20 },
      }),
  },

  // --- Contract amendments ---
  {
    op: "getV1ContractAmendmentsSchema",
    run: (w) =>
      sdk.getV1ContractAmendmentsSchema({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        query: { employment_id: w.active.id, country_code: "PRT", form: "contract_amendment" },
      }),
  },
  {
    op: "postV1ContractAmendmentsAutomatable",
    run: (w) =>
      sdk.postV1ContractAmendmentsAutomatable({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.active.id,
          amendment_contract_id: w.active.activeContractId!,
          contract_amendment: exampleSection("PRT", "contract_amendment", 1),
        },
      }),
  },
  {
    op: "postV1ContractAmendments",
    run: async (w) => {
      const res = await sdk.postV1ContractAmendments({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.active.id,
          amendment_contract_id: w.active.activeContractId!,
          contract_amendment: exampleSection("PRT", "contract_amendment", 1),
        },
      });
      w.ids.amendment = dig(res.data, "data", "contract_amendment", "id");
      return res;
    },
  },
  {
    op: "getV1ContractAmendments",
    run: (w) =>
      sdk.getV1ContractAmendments({ client: w.client, headers: { Authorization: w.auth.owner }, query: { employment_id: w.active.id } }),
  },
  {
    op: "getV1ContractAmendmentsId",
    run: (w) =>
      sdk.getV1ContractAmendmentsId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "amendment", "postV1ContractAmendments") },
      }),
  },
  {
    op: "getV1EmploymentContractsEmploymentIdPendingChanges",
    run: (w) =>
      sdk.getV1EmploymentContractsEmploymentIdPendingChanges({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: w.active.id },
      }),
  },
  {
    op: "putV1SandboxContractAmendmentsContractAmendmentRequestIdApprove",
    run: (w) =>
      sdk.putV1SandboxContractAmendmentsContractAmendmentRequestIdApprove({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { contract_amendment_request_id: need(w, "amendment", "postV1ContractAmendments") },
      }),
  },
  {
    op: "putV1SandboxContractAmendmentsContractAmendmentRequestIdCancel",
    run: async (w) => {
      const second = await sdk.postV1ContractAmendments({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.active.id,
          amendment_contract_id: w.active.activeContractId!,
          contract_amendment: exampleSection("PRT", "contract_amendment", 2),
        },
      });
      const id = dig(second.data, "data", "contract_amendment", "id");
      if (!id) throw new Blocked("postV1ContractAmendments (a second amendment, to cancel)", failure(second));
      return sdk.putV1SandboxContractAmendmentsContractAmendmentRequestIdCancel({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { contract_amendment_request_id: id },
      });
    },
  },

  // --- Time off ---
  {
    op: "getV1TimeoffTypes",
    run: (w) => sdk.getV1TimeoffTypes({ client: w.client, headers: { Authorization: w.auth.owner }, query: { type: "full_time" } }),
  },
  {
    op: "postV1Timeoff",
    run: async (w) => {
      const res = await sdk.postV1Timeoff({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.active.id,
          timeoff_type: "paid_time_off",
          start_date: "2026-04-06",
          end_date: "2026-04-08",
          timeoff_days: [
            { day: "2026-04-06", hours: 8 },
            { day: "2026-04-07", hours: 8 },
            { day: "2026-04-08", hours: 8 },
          ],
          timezone: "Europe/Lisbon",
          notes: "Easter break with family",
          status: "approved",
          approved_at: "2026-03-15T10:00:00Z",
          approver_id: null,
        },
      });
      w.ids.timeoff = dig(res.data, "data", "timeoff", "id");
      return res;
    },
  },
  {
    op: "getV1Timeoff",
    run: (w) =>
      sdk.getV1Timeoff({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        query: { employment_id: w.active.id, order: "asc", sort_by: "status", page: 1, page_size: 20 },
      }),
  },
  {
    op: "getV1TimeoffId",
    run: (w) =>
      sdk.getV1TimeoffId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "timeoff", "postV1Timeoff") },
      }),
  },
  {
    // PUT, an edit: the provider's type requires both reasons on every update of approved time off
    // (its documentation: cancel_reason matters only when cancelling), so an edit sends it empty.
    op: "patchV1TimeoffId",
    run: (w) =>
      sdk.patchV1TimeoffId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "timeoff", "postV1Timeoff") },
        body: {
          edit_reason: "Back a day earlier",
          cancel_reason: "",
          start_date: "2026-04-06",
          end_date: "2026-04-07",
          timeoff_days: [
            { day: "2026-04-06", hours: 8 },
            { day: "2026-04-07", hours: 8 },
          ],
          timezone: "Europe/Lisbon",
          notes: "Easter break, shortened",
        },
      }),
  },
  {
    op: "patchV1TimeoffId2",
    run: (w) =>
      sdk.patchV1TimeoffId2({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "timeoff", "postV1Timeoff") },
        body: { status: "cancelled", cancel_reason: "Trip postponed", edit_reason: "Cancelled at the employee's request" },
      }),
  },
  {
    op: "postV1TimeoffTimeoffIdApprove",
    run: async (w) => {
      const id = await requestedTimeoff(w, "2026-05-04");
      const res = await sdk.postV1TimeoffTimeoffIdApprove({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { timeoff_id: id },
        body: { approver_id: w.tenant.peopleManager.id },
      });
      if (!res.error) w.ids.approvedTimeoff = id;
      return res;
    },
  },
  {
    op: "postV1TimeoffTimeoffIdDecline",
    run: async (w) =>
      sdk.postV1TimeoffTimeoffIdDecline({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { timeoff_id: await requestedTimeoff(w, "2026-05-11") },
        body: { decline_reason: "Product launch that week" },
      }),
  },
  {
    op: "postV1TimeoffTimeoffIdCancel",
    run: (w) =>
      sdk.postV1TimeoffTimeoffIdCancel({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { timeoff_id: need(w, "approvedTimeoff", "postV1TimeoffTimeoffIdApprove") },
        body: { cancel_reason: "Plans changed" },
      }),
  },
  {
    op: "getV1TimeoffBalancesEmploymentId",
    run: (w) =>
      sdk.getV1TimeoffBalancesEmploymentId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { employment_id: w.active.id },
      }),
  },

  // --- Expenses ---
  {
    op: "postV1Expenses",
    run: async (w) => {
      const res = await sdk.postV1Expenses({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.active.id,
          title: "Client dinner in Porto",
          category: "meals",
          amount: 8450,
          tax_amount: 1580,
          currency: "EUR",
          expense_date: "2026-03-10",
          timezone: "Europe/Lisbon",
          receipt: base64File("dinner-receipt.pdf", RECEIPT_PDF),
        },
      });
      w.ids.expense = dig(res.data, "data", "expense", "id");
      w.ids.receipt = digFirst(res.data && (res.data as { data?: { expense?: unknown } }).data?.expense, ["receipts"], "id");
      return res;
    },
  },
  {
    op: "getV1Expenses",
    run: (w) => sdk.getV1Expenses({ client: w.client, headers: { Authorization: w.auth.owner }, query: { page: 1, page_size: 20 } }),
  },
  {
    op: "getV1ExpensesId",
    run: async (w) => {
      const res = await sdk.getV1ExpensesId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "expense", "postV1Expenses") },
      });
      w.ids.receipt ??= digFirst((res.data as { data?: { expense?: unknown } } | undefined)?.data?.expense, ["receipts"], "id");
      return res;
    },
  },
  {
    op: "getV1ExpensesExpenseIdReceipt",
    run: (w) =>
      sdk.getV1ExpensesExpenseIdReceipt({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { expense_id: need(w, "expense", "postV1Expenses") },
      }),
  },
  {
    op: "getV1ExpensesExpenseIdReceiptsReceiptId",
    run: (w) =>
      sdk.getV1ExpensesExpenseIdReceiptsReceiptId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: {
          expense_id: need(w, "expense", "postV1Expenses"),
          receipt_id: need(w, "receipt", "postV1Expenses"),
        },
      }),
  },
  {
    op: "getV1ExpensesCategories",
    run: (w) =>
      sdk.getV1ExpensesCategories({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        query: { employment_id: w.active.id },
      }),
  },
  {
    op: "patchV1ExpensesId",
    run: (w) =>
      sdk.patchV1ExpensesId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "expense", "postV1Expenses") },
        body: { status: "approved" },
      }),
  },
  {
    op: "patchV1ExpensesId2",
    run: async (w) => {
      const second = await sdk.postV1Expenses({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.active.id,
          title: "Taxi to Lisbon airport",
          category: "transport",
          amount: 2390,
          currency: "EUR",
          expense_date: "2026-03-12",
          receipt: base64File("taxi.pdf", RECEIPT_PDF),
        },
      });
      const id = dig(second.data, "data", "expense", "id");
      if (!id) throw new Blocked("postV1Expenses (a second expense, to decline)", failure(second));
      return sdk.patchV1ExpensesId2({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id },
        body: { status: "declined", reason: "Personal trip, not a business expense" },
      });
    },
  },

  // --- Incentives ---
  {
    op: "postV1Incentives",
    run: async (w) => {
      const res = await sdk.postV1Incentives({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.active.id,
          type: "bonus",
          amount: 150_000,
          amount_tax_type: "gross",
          effective_date: "2026-04-01",
          note: "Q1 performance bonus",
        },
      });
      w.ids.incentive = dig(res.data, "data", "incentive", "id");
      return res;
    },
  },
  {
    op: "getV1Incentives",
    run: (w) => sdk.getV1Incentives({ client: w.client, headers: { Authorization: w.auth.owner }, query: { employment_id: w.active.id } }),
  },
  {
    op: "getV1IncentivesId",
    run: (w) =>
      sdk.getV1IncentivesId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "incentive", "postV1Incentives") },
      }),
  },
  {
    op: "patchV1IncentivesId",
    run: (w) =>
      sdk.patchV1IncentivesId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "incentive", "postV1Incentives") },
        body: { amount: 175_000, amount_tax_type: "gross", effective_date: "2026-04-01", note: "Q1 performance bonus (revised)" },
      }),
  },
  {
    op: "patchV1IncentivesId2",
    run: (w) =>
      sdk.patchV1IncentivesId2({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "incentive", "postV1Incentives") },
        body: { note: "Q1 performance bonus, approved by the board" },
      }),
  },
  {
    op: "postV1IncentivesRecurring",
    run: async (w) => {
      const res = await sdk.postV1IncentivesRecurring({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.active.id,
          type: "internet_allowance",
          amount: 3_000,
          amount_tax_type: "net",
          effective_date: "2026-04-01",
          duration_in_months: "12",
          note: "Home internet",
        },
      });
      w.ids.recurring = dig(res.data, "data", "recurring_incentive", "id") ?? dig(res.data, "data", "id");
      return res;
    },
  },
  {
    op: "getV1IncentivesRecurring",
    run: (w) => sdk.getV1IncentivesRecurring({ client: w.client, headers: { Authorization: w.auth.owner }, query: { page: 1 } }),
  },
  {
    op: "deleteV1IncentivesId",
    run: (w) =>
      sdk.deleteV1IncentivesId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "incentive", "postV1Incentives") },
      }),
  },
  {
    op: "deleteV1IncentivesRecurringId",
    run: (w) =>
      sdk.deleteV1IncentivesRecurringId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "recurring", "postV1IncentivesRecurring") },
      }),
  },

  // --- Offboarding ---
  {
    op: "postV1Offboardings",
    run: async (w) => {
      const res = await sdk.postV1Offboardings({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        body: {
          employment_id: w.leaver.id,
          type: "termination",
          termination_details: {
            confidential: false,
            customer_informed_employee: true,
            employee_awareness: { date: "2026-03-13", note: "Told in a one-to-one meeting" },
            personal_email: "joao.pereira@mail.example",
            proposed_termination_date: "2026-05-29",
            reason_description: "The role is closed after the reorganisation of the hardware team.",
            risk_assessment_reasons: ["none_of_these"],
            termination_reason: "workforce_reduction",
            will_challenge_termination: false,
            agrees_to_pto_amount: true,
            acknowledge_termination_procedure: true,
          },
        },
      });
      w.ids.offboarding = dig(res.data, "data", "offboarding", "id");
      return res;
    },
  },
  {
    op: "getV1Offboardings",
    run: (w) =>
      sdk.getV1Offboardings({ client: w.client, headers: { Authorization: w.auth.owner }, query: { employment_id: w.leaver.id } }),
  },
  {
    op: "getV1OffboardingsId",
    run: (w) =>
      sdk.getV1OffboardingsId({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { id: need(w, "offboarding", "postV1Offboardings") },
      }),
  },

  // --- Payslips (a payslip released through the sandbox first: see the test) ---
  {
    op: "getV1Payslips",
    run: async (w) => {
      const res = await sdk.getV1Payslips({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        query: { employment_id: w.active.id, start_date: "2026-01-01", end_date: "2026-03-31" },
      });
      w.ids.payslip ??= digFirst(res.data, ["data", "payslips"], "id");
      return res;
    },
  },
  {
    op: "getV1PayslipsPayslipIdPdf",
    run: (w) =>
      sdk.getV1PayslipsPayslipIdPdf({
        client: w.client,
        headers: { Authorization: w.auth.owner },
        path: { payslip_id: need(w, "payslip", "the sandbox payslip release") },
      }),
  },

  // --- Deletes last ---
  {
    op: "deleteV1WebhookCallbacksId",
    run: (w) =>
      sdk.deleteV1WebhookCallbacksId({
        client: w.client,
        headers: { Authorization: w.auth.partnerGrant },
        path: { id: need(w, "callback", "postV1WebhookCallbacks") },
      }),
  },
];
