import type { ApiClient } from "@/lib/console/server/api-client";
import { ApiRequestError } from "@/lib/console/api-errors";
import { listAllCompanyManagers, listCompanyManagers } from "@/lib/console/server/company-managers/api";
import { managersList } from "@/lib/console/company-managers/list";
import { getAmendmentForm, getContractAmendment, listContractAmendments } from "@/lib/console/server/contract-amendments/api";
import { amendmentsList } from "@/lib/console/contract-amendments/list";
import { listCustomFields, listEmploymentCustomFields } from "@/lib/console/server/custom-fields/api";
import { customFieldsList } from "@/lib/console/custom-fields/list";
import { listCompanies } from "@/lib/console/server/companies/api";
import { getForm, listCountries } from "@/lib/console/server/countries/api";
import { listAllDepartments } from "@/lib/console/server/departments/api";
import { getEmployment, listEmployments } from "@/lib/console/server/employments/api";
import { employmentsList } from "@/lib/console/employments/list";
import { getExpense, listExpenses } from "@/lib/console/server/expenses/api";
import { expensesList } from "@/lib/console/expenses/list";
import { getIncentive, listIncentives, listRecurringIncentives } from "@/lib/console/server/incentives/api";
import { incentivesList, recurringList } from "@/lib/console/incentives/list";
import { getOffboarding, listOffboardings } from "@/lib/console/server/offboardings/api";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { listOutstandingPayments } from "@/lib/console/server/outstanding-payments/api";
import { paymentsList } from "@/lib/console/outstanding-payments/list";
import { downloadPayslip, listPayslips } from "@/lib/console/server/payslips/api";
import { EMPLOYMENT_DIRECTORY_QUERY } from "@/lib/console/payslips/employment-directory";
import { payslipsList } from "@/lib/console/payslips/list";
import { getTimeoffBalance, listTimeoff, listTimeoffTypes } from "@/lib/console/server/timeoff/api";
import { PEOPLE_OPS_EMPLOYMENTS_QUERY } from "@/lib/console/people-ops/eligibility";
import { timeoffList } from "@/lib/console/timeoff/list";
import { getWebhookEvent, listAllWebhookCallbacks, listWebhookCallbacks, listWebhookEvents } from "@/lib/console/server/webhooks/api";
import { TEST_EVENT_EMPLOYMENTS_QUERY } from "@/lib/console/webhooks/test-event-form";
import { callbacksList, deliveriesList } from "@/lib/console/webhooks/list";

// What every console page (app/(console)/**/page.tsx) loads on the server, and what the client
// islands of those pages load through the BFF's GET handlers (app/api/bff/**/route.ts): the same
// lib/console functions with the same arguments, for the page opened without search parameters (and
// with an employment chosen where the page offers one). Each entry mirrors its page; when a page
// changes what it loads, its entry here must follow (the list is short and named after the routes).

export interface LoadContext {
  api: ApiClient;
  companyId: string;
  /** An id for detail pages (the fake provider answers any id with that resource). */
  id: string;
}

export interface PageLoad {
  /** The console route (or `bff GET /api/bff/…` for a client island's handler). */
  page: string;
  load: (ctx: LoadContext) => Promise<unknown>;
}

/**
 * What a page renders instead of data when the API answers validly without it, each asserted by the
 * entry that expects it (the test counts them, and any other outcome is a failure):
 * - "not-found state": a show's answer holds no resource (the provider's `data?: {employment?}`): the
 *   page's not-found handling, as for a 404 (lib/console/api-read.ts AbsentResourceError);
 * - "not available on this API": a Roster-only route the provider does not have, after the console's
 *   fallback found no provider operation to use instead (the page shows a notice, not an error);
 * - "sign-in error": a token answer without `access_token` (the provider's BaseTokenResponse allows it):
 *   the console refuses it with a clear error (lib/console/server/auth/token-endpoint.ts NO_ACCESS_TOKEN).
 */
export type HandledState = "not-found state" | "not available on this API" | "sign-in error" | "provider fallback";

/** Every handled state seen, by page and state (the test prints and checks them). */
export const handledStates: { page: string; state: HandledState }[] = [];
let currentPage = "";
/** Set by the test before each load, so the handled states are recorded for the right page. */
export function setCurrentPage(page: string) {
  currentPage = page;
}

/**
 * A show the page renders its not-found state for when the answer holds no resource (loadForPage with
 * notFoundOn404, or the page's own handling of an unknown id). Only the console's own AbsentResource
 * 404 is handled: a 404 of the provider (no such path) stays a failure.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    const absent = error instanceof ApiRequestError && error.status === 404 && (error.payload.body as { absent?: unknown })?.absent;
    if (!absent) throw error;
    handledStates.push({ page: currentPage, state: "not-found state" });
    return null;
  }
}

/**
 * A Roster-only read the provider has no route for, whose 404 the page's island shows as a "not
 * available on this API" notice (not an error banner). The test checks that the load met a 404 from
 * a path the provider does not have.
 */
async function orNotAvailableOn404<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 404 || (error.payload.body as { absent?: unknown })?.absent) throw error;
    handledStates.push({ page: currentPage, state: "not available on this API" });
    return null;
  }
}

/** A load whose null result is the page's "not available on this API" notice. */
async function orUnavailable<T>(load: Promise<T | null>): Promise<T | null> {
  const result = await load;
  if (result === null) handledStates.push({ page: currentPage, state: "not available on this API" });
  return result;
}

/**
 * A Roster-only route the console replaced with the provider's operation (webhook callbacks, the
 * delivery log): the page shows the provider's rows with a notice naming what is not available.
 */
async function viaProvider<T extends { source: "roster" | "provider" }>(load: Promise<T>): Promise<T> {
  const result = await load;
  if (result.source === "provider") handledStates.push({ page: currentPage, state: "provider fallback" });
  return result;
}

const none = {} as Record<string, string>;
const all = (...loads: Promise<unknown>[]) => Promise.all(loads);
/** prefetchPeopleOpsEmployments (lib/console/server/people-ops/pages.ts): the employments people-ops pages name. */
const peopleOps = (api: ApiClient) => listEmployments(api, PEOPLE_OPS_EMPLOYMENTS_QUERY);

export const PAGE_LOADS: PageLoad[] = [
  { page: "/employments", load: ({ api }) => listEmployments(api, employmentsList.toApiQuery(employmentsList.parse(none))) },
  // Both at once (lib/console/server/employments/detail-page.ts): the employment and its custom fields section.
  { page: "/employments/[id]", load: ({ api, id }) => all(orNotFound(getEmployment(api, id)), listEmploymentCustomFields(api, id)) },
  {
    page: "/employments/[id]/edit",
    load: ({ api, id }) => all(orNotFound(getEmployment(api, id)), listAllDepartments(api), listAllCompanyManagers(api)),
  },
  {
    page: "/employments/[id]/forms/[form]",
    load: async ({ api, id }) => {
      const employment = await orNotFound(getEmployment(api, id));
      // The page asks for the country's form only when the employment has a country.
      if (employment?.country) await getForm(api, employment.country.code, "contract_details");
    },
  },
  { page: "/employments/new", load: ({ api, id }) => all(listCountries(api), orNotFound(getEmployment(api, id))) },
  {
    page: "/timeoff",
    load: ({ api, id }) =>
      all(listTimeoff(api, timeoffList.toApiQuery(timeoffList.parse(none))), peopleOps(api), getTimeoffBalance(api, id)),
  },
  { page: "/timeoff/balances", load: ({ api, id }) => all(peopleOps(api), getTimeoffBalance(api, id)) },
  { page: "/timeoff/new", load: ({ api }) => all(listTimeoffTypes(api), peopleOps(api)) },
  { page: "/timeoff/types", load: ({ api }) => listTimeoffTypes(api) },
  { page: "/expenses", load: ({ api }) => all(listExpenses(api, expensesList.toApiQuery(expensesList.parse(none))), peopleOps(api)) },
  { page: "/expenses/[id]", load: ({ api, id }) => all(orNotFound(getExpense(api, id)), peopleOps(api)) },
  { page: "/expenses/new", load: ({ api }) => peopleOps(api) },
  {
    page: "/incentives",
    load: ({ api }) => all(listIncentives(api, incentivesList.toApiQuery(incentivesList.parse(none))), peopleOps(api)),
  },
  { page: "/incentives/[id]/edit", load: ({ api, id }) => all(orNotFound(getIncentive(api, id)), peopleOps(api)) },
  { page: "/incentives/new", load: ({ api }) => peopleOps(api) },
  { page: "/incentives/recurring/new", load: ({ api }) => peopleOps(api) },
  {
    page: "/incentives/recurring",
    load: ({ api }) => all(listRecurringIncentives(api, recurringList.toApiQuery(recurringList.parse(none))), peopleOps(api)),
  },
  {
    page: "/offboardings",
    load: ({ api }) => all(listOffboardings(api, offboardingsList.toApiQuery(offboardingsList.parse(none))), peopleOps(api)),
  },
  { page: "/offboardings/new", load: ({ api }) => peopleOps(api) },
  { page: "/offboardings/[id]", load: ({ api, id }) => all(orNotFound(getOffboarding(api, id)), peopleOps(api)) },
  {
    page: "/outstanding-payments",
    load: ({ api }) => orUnavailable(listOutstandingPayments(api, paymentsList.toApiQuery(paymentsList.parse(none)))),
  },
  {
    page: "/payslips",
    load: ({ api, id }) =>
      all(
        listPayslips(api, payslipsList.toApiQuery(payslipsList.parse(none))),
        listEmployments(api, EMPLOYMENT_DIRECTORY_QUERY),
        // The filter's employment names the header; without it the page keeps its plain title.
        orNotFound(getEmployment(api, id)),
      ),
  },
  {
    page: "/contract-amendments",
    load: ({ api }) =>
      all(
        listContractAmendments(api, amendmentsList.toApiQuery(amendmentsList.parse(none))),
        listEmployments(api, EMPLOYMENT_DIRECTORY_QUERY),
        listAllCompanyManagers(api),
      ),
  },
  { page: "/contract-amendments/[id]", load: ({ api, id }) => all(orNotFound(getContractAmendment(api, id)), listAllCompanyManagers(api)) },
  {
    page: "/contract-amendments/new",
    load: async ({ api, id }) => {
      await listEmployments(api, EMPLOYMENT_DIRECTORY_QUERY);
      // An unknown employment: the page's banner offers to choose another one.
      const employment = await orNotFound(getEmployment(api, id));
      if (employment?.country) await getAmendmentForm(api, employment.country.code);
    },
  },
  { page: "/company-managers", load: ({ api }) => listCompanyManagers(api, managersList.toApiQuery(managersList.parse(none))) },
  { page: "/custom-fields", load: ({ api }) => listCustomFields(api, customFieldsList.toApiQuery(customFieldsList.parse(none))) },
  {
    page: "/webhooks",
    load: ({ api, companyId }) =>
      all(
        viaProvider(listWebhookCallbacks(api, companyId, callbacksList.toApiQuery(callbacksList.parse(none)))),
        listEmployments(api, TEST_EVENT_EMPLOYMENTS_QUERY),
      ),
  },
  {
    page: "/webhooks/deliveries",
    load: ({ api, companyId, id }) =>
      all(
        viaProvider(listWebhookEvents(api, deliveriesList.toApiQuery(deliveriesList.parse(none)))),
        listAllWebhookCallbacks(api, companyId),
        // Roster-only GET /v1/webhook-events/{id}: the provider has none, the detail panel says so.
        orNotAvailableOn404(getWebhookEvent(api, id)),
      ),
  },
  // Partner view: the partner's client-credentials calls (companies that consented, countries).
  { page: "/partner", load: ({ api }) => all(listCompanies(api), listCountries(api)) },
  // Client islands, through the BFF's GET handlers (those not already loaded by a page above).
  { page: "bff GET /api/bff/custom-fields/employments/[employmentId]", load: ({ api, id }) => listEmploymentCustomFields(api, id) },
  { page: "bff GET /api/bff/employments/departments", load: ({ api }) => listAllDepartments(api) },
  { page: "bff GET /api/bff/payslips/[id]/download", load: ({ api, id }) => downloadPayslip(api, id).then((r) => r.arrayBuffer()) },
];
