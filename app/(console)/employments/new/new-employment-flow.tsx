"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ErrorBanner } from "@/components/console/error-banner";
import { activateEmploymentRequest, createEmploymentRequest, formSchemaQuery, inviteEmploymentRequest } from "@/components/forms/requests";
import { SECTION_LABELS, sectionValues } from "@/components/forms/section-labels";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Stepper } from "@/components/ui/stepper";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { fieldErrorsOf } from "@/lib/console/errors/split-422";
import { MODEL_DESCRIPTIONS, MODEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "@/lib/console/employments/labels";
import { employmentHref } from "@/lib/console/employments/links";
import { EMPLOYMENT_MODELS, EMPLOYMENT_TYPES, type EmploymentModel, type EmploymentType } from "@/lib/contract/enums";
import type { Country, Employment, EmploymentSection } from "@/lib/contract";
import { mapServerErrors } from "@/lib/forms/errors";
import type { FieldErrors, FormValues } from "@/lib/forms/types";
import { employmentDetailQuery, employmentKeys } from "@/lib/queries/employment";
import type { QueryScope } from "@/lib/queries/scope";
import { creationBlockedReason, FLOW_STEPS, filledSections, nextSection, sectionsForCountry, type FlowStep } from "./flow-state";

// The new-employment flow: country and type → the country's basic information form (POST
// /v1/employments) → the other sections one by one (PATCH /v1/employments/{id}) → invite (and, in
// the sandbox, activate). Where it stands lives in the URL (?country=…, ?employment=…&step=invite),
// so a reload resumes it.

export interface NewEmploymentFlowProps {
  scope: QueryScope;
  countries: Country[];
  step: FlowStep;
  countryCode: string | null;
  section: string | null;
  /** The employment created earlier in the flow (step sections and invite). */
  employment: Employment | null;
}

const BASIC_FORM = "employment_basic_information";

/** Statuses the API invites from (anything else answers 422 employment_not_invitable). */
const INVITABLE_STATUSES = new Set(["created", "created_reserve_paid", "initiated", "pre_hire"]);

// The form stack (RJSF and the x-jsf engine, about 80 KB gzip) comes with the steps that show a
// country form: the first step (country and type) has none, and each form step fetches its schema
// on arrival anyway, so the code is fetched alongside it (docs/decisions/console-bundle-budgets.md).
const CountryForm = dynamic(() => import("@/components/forms/country-form").then((m) => m.CountryForm), {
  loading: () => <Loading what="the form" />,
});
const SectionFormContainer = dynamic(() => import("@/components/forms/section-form-container").then((m) => m.SectionFormContainer), {
  loading: () => <Loading what="the form" />,
});

function flowHref(params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return `/employments/new${s ? `?${s}` : ""}`;
}

export function NewEmploymentFlow({ scope, countries, step, countryCode, section, employment }: NewEmploymentFlowProps) {
  const router = useRouter();
  const go = (params: Record<string, string | null | undefined>) => router.push(flowHref(params), { scroll: true });
  const steps = FLOW_STEPS.map((s, i) => {
    const at = FLOW_STEPS.findIndex((x) => x.key === step);
    return { key: s.key, label: s.label, state: i < at ? ("complete" as const) : i === at ? ("current" as const) : ("upcoming" as const) };
  });
  return (
    <div className="space-y-6">
      <Stepper steps={steps} label="Steps of the new employment" />
      {step === "start" ? (
        <StartStep countries={countries} initialCountry={countryCode} onContinue={(code) => go({ country: code })} />
      ) : null}
      {step === "basic" && countryCode ? (
        <BasicStep
          scope={scope}
          country={countries.find((c) => c.code === countryCode) ?? null}
          countryCode={countryCode}
          onBack={() => go({})}
          onCreated={(e) => go({ employment: e.id })}
        />
      ) : null}
      {step === "sections" && employment ? (
        <SectionsStep
          scope={scope}
          initial={employment}
          country={countries.find((c) => c.code === employment.country?.code) ?? employment.country}
          section={section}
          onSection={(s) => go({ employment: employment.id, section: s })}
          onDone={() => go({ employment: employment.id, step: "invite" })}
        />
      ) : null}
      {step === "invite" && employment ? (
        <InviteStep scope={scope} initial={employment} onBack={() => go({ employment: employment.id })} />
      ) : null}
    </div>
  );
}

function StartStep({
  countries,
  initialCountry,
  onContinue,
}: {
  countries: Country[];
  initialCountry: string | null;
  onContinue: (code: string) => void;
}) {
  const [country, setCountry] = useState(initialCountry ?? "");
  const [type, setType] = useState<EmploymentType>("employee");
  const [model, setModel] = useState<EmploymentModel>("eor");
  const [tried, setTried] = useState(false);
  const blocked = creationBlockedReason(type, model);
  const sorted = useMemo(() => [...countries].sort((a, b) => a.name.localeCompare(b.name, "en")), [countries]);
  const ids = useId();
  const countryMissing = tried && !country;
  return (
    <Card>
      <CardHeader
        title="Country and type"
        description="The country decides which forms the employment has; the API creates employees under the employer-of-record (EOR) model."
      />
      <CardBody className="space-y-6 py-6">
        <form
          noValidate
          className="space-y-6"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (country && !blocked) onContinue(country);
          }}
        >
          <div className="space-y-1">
            <label htmlFor={`${ids}-country`} className="block text-sm font-medium">
              Country
              <span aria-hidden="true" className="ml-0.5 text-red-700">
                *
              </span>
            </label>
            <select
              id={`${ids}-country`}
              className="block w-full max-w-md rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
              value={country}
              onChange={(e) => setCountry(e.target.value)}
              aria-required="true"
              aria-invalid={countryMissing || undefined}
              aria-describedby={countryMissing ? `${ids}-country-error` : undefined}
            >
              <option value="">Select a country…</option>
              {sorted.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
            {countryMissing ? (
              <p id={`${ids}-country-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
                Choose the country of employment.
              </p>
            ) : null}
            {sorted.length === 0 ? <p className="text-sm text-slate-600">The API lists no country.</p> : null}
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Type of employment</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {EMPLOYMENT_TYPES.map((t) => (
                <label key={t} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${ids}-type`}
                    className="h-4 w-4 accent-brand-600"
                    checked={type === t}
                    onChange={() => setType(t)}
                  />
                  {TYPE_LABELS[t]}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Employment model</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {EMPLOYMENT_MODELS.map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${ids}-model`}
                    className="h-4 w-4 accent-brand-600"
                    checked={model === m}
                    onChange={() => setModel(m)}
                  />
                  {MODEL_LABELS[m]}
                  {MODEL_DESCRIPTIONS[m] !== MODEL_LABELS[m] ? <span className="text-slate-500">({MODEL_DESCRIPTIONS[m]})</span> : null}
                </label>
              ))}
            </div>
          </fieldset>
          {blocked ? (
            <Alert tone="warning" title="This employment can't be created" role="status">
              <p>{blocked}</p>
            </Alert>
          ) : null}
          <div className="flex gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
            <Button type="submit" variant="primary" disabled={Boolean(blocked)}>
              Continue
            </Button>
            <ButtonLink href="/employments" variant="ghost">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
      <Spinner /> Loading {what}…
    </p>
  );
}

function BasicStep({
  scope,
  country,
  countryCode,
  onBack,
  onCreated,
}: {
  scope: QueryScope;
  country: Country | null;
  countryCode: string;
  onBack: () => void;
  onCreated: (e: Employment) => void;
}) {
  const queryClient = useQueryClient();
  const form = useQuery(formSchemaQuery(scope, countryCode, BASIC_FORM));
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [failure, setFailure] = useState<ApiErrorPayload | null>(null);
  const create = useMutation({
    mutationFn: (basic: FormValues) =>
      createEmploymentRequest(scope, { country_code: countryCode, type: "employee", employment_model: "eor", basic_information: basic }),
    onSuccess: async (e) => {
      queryClient.setQueryData(employmentKeys.detail(scope, e.id), e);
      await queryClient.invalidateQueries({ queryKey: employmentKeys.lists(scope) });
    },
  });
  const onSubmit = async (body: FormValues) => {
    setFailure(null);
    setServerErrors(null);
    try {
      onCreated(await create.mutateAsync(body));
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status === 401) return;
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors && Object.keys(fieldErrors).length) setServerErrors(mapServerErrors(fieldErrors, "basic_information"));
      else setFailure(error);
    }
  };
  return (
    <Card>
      <CardHeader
        title="Basic information"
        description={`The employee's ${country?.name ?? countryCode} basic information. Creating the employment saves it; the other details follow.`}
        actions={
          <Button size="sm" variant="ghost" onClick={onBack}>
            Change country
          </Button>
        }
      />
      <CardBody className="space-y-5 py-6">
        {failure ? <ErrorBanner error={failure} operation="employments.write" role="alert" /> : null}
        {form.isPending ? <Loading what="the form" /> : null}
        {form.isError ? (
          <ErrorBanner
            error={toErrorPayload(form.error)}
            role="alert"
            actions={
              <>
                <Button size="sm" onClick={() => void form.refetch()}>
                  Try again
                </Button>
                <Button size="sm" variant="ghost" onClick={onBack}>
                  Choose another country
                </Button>
              </>
            }
          />
        ) : null}
        {form.data ? (
          <CountryForm
            schema={form.data}
            onSubmit={onSubmit}
            serverErrors={serverErrors}
            submitting={create.isPending}
            submitLabel="Create employment"
          />
        ) : null}
      </CardBody>
    </Card>
  );
}

function SectionsStep({
  scope,
  initial,
  country,
  section,
  onSection,
  onDone,
}: {
  scope: QueryScope;
  initial: Employment;
  country: Pick<Country, "supported_json_schemas" | "code" | "name"> | null;
  section: string | null;
  onSection: (s: EmploymentSection) => void;
  onDone: () => void;
}) {
  const employment = useQuery({ ...employmentDetailQuery(scope, initial.id), initialData: initial }).data ?? initial;
  const sections = useMemo(() => sectionsForCountry(country), [country]);
  const [savedHere, setSavedHere] = useState<EmploymentSection[]>([]);
  const [skipped, setSkipped] = useState<EmploymentSection[]>([]);
  const filled = filledSections(employment, savedHere);
  const current = (sections as string[]).includes(section ?? "")
    ? (section as EmploymentSection)
    : (sections.find((s) => !filled.has(s)) ?? sections[0]!);
  const code = employment.country?.code ?? country?.code ?? "";
  const form = useQuery(formSchemaQuery(scope, code, current));
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // Moving to another section: put the reader at its heading.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [current]);
  const advance = () => {
    const next = nextSection(sections, current);
    if (next) onSection(next);
    else onDone();
  };
  const label = SECTION_LABELS[current];
  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <nav aria-label="Employment details" className="space-y-1">
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          <strong className="text-slate-900 dark:text-slate-100">{employment.full_name}</strong> was created (
          {STATUS_LABELS[employment.status]}). Fill in what you know now; the employee completes the rest after the invitation.
        </p>
        <ul className="space-y-1">
          {sections.map((s) => (
            <li key={s}>
              <button
                type="button"
                onClick={() => onSection(s)}
                aria-current={s === current ? "step" : undefined}
                className={`flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm ${s === current ? "bg-brand-50 font-semibold text-brand-700 dark:bg-slate-800 dark:text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800"}`}
              >
                <span>{SECTION_LABELS[s]}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {filled.has(s) ? "Saved" : skipped.includes(s) ? "Skipped" : "To do"}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="pt-3">
          <Button variant="secondary" onClick={onDone} className="w-full">
            Continue to the invitation
          </Button>
        </div>
      </nav>
      <Card>
        <div className="border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <h2 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
            {label}
          </h2>
        </div>
        <CardBody className="py-6">
          {form.isPending ? <Loading what={`the ${label.toLowerCase()} form`} /> : null}
          {form.isError ? (
            <ErrorBanner
              error={toErrorPayload(form.error)}
              role="alert"
              actions={
                <>
                  <Button size="sm" onClick={() => void form.refetch()}>
                    Try again
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      setSkipped((l) => [...l, current]);
                      advance();
                    }}
                  >
                    Skip this section
                  </Button>
                </>
              }
            />
          ) : null}
          {form.data ? (
            <SectionFormContainer
              key={current}
              scope={scope}
              employmentId={employment.id}
              section={current}
              schema={form.data}
              initialValues={sectionValues(employment, current)}
              submitLabel="Save and continue"
              savedNote={false}
              onSaved={() => {
                setSavedHere((l) => [...l, current]);
                advance();
              }}
            >
              <Button
                variant="ghost"
                onClick={() => {
                  setSkipped((l) => [...l, current]);
                  advance();
                }}
              >
                Skip for now
              </Button>
            </SectionFormContainer>
          ) : null}
        </CardBody>
      </Card>
    </div>
  );
}

function InviteStep({ scope, initial, onBack }: { scope: QueryScope; initial: Employment; onBack: () => void }) {
  const queryClient = useQueryClient();
  const employment = useQuery({ ...employmentDetailQuery(scope, initial.id), initialData: initial }).data ?? initial;
  const [outcome, setOutcome] = useState<{ tone: "success"; title: string; text: string } | null>(null);
  const [failure, setFailure] = useState<ApiErrorPayload | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: employmentKeys.detail(scope, initial.id) });
    await queryClient.invalidateQueries({ queryKey: employmentKeys.lists(scope) });
  };
  const invite = useMutation({ mutationFn: () => inviteEmploymentRequest(scope, initial.id), onSettled: refresh });
  const activate = useMutation({
    mutationFn: () => activateEmploymentRequest(scope, initial.id),
    onSuccess: (e) => queryClient.setQueryData(employmentKeys.detail(scope, initial.id), e),
    onSettled: refresh,
  });
  const run = async (action: "invite" | "activate") => {
    setFailure(null);
    setOutcome(null);
    try {
      if (action === "invite") {
        await invite.mutateAsync();
        setOutcome({
          tone: "success",
          title: "Invitation sent",
          text: `${employment.full_name} was invited to complete their details at ${employment.personal_email}.`,
        });
      } else {
        await activate.mutateAsync();
        setOutcome({
          tone: "success",
          title: "Employment activated",
          text: `${employment.full_name}'s employment is now active in the sandbox.`,
        });
      }
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status !== 401) setFailure(error);
    }
  };
  const pending = Object.entries(employment.onboarding_tasks).filter(([, t]) => t.status !== "completed");
  const busy = invite.isPending || activate.isPending;
  const invitable = INVITABLE_STATUSES.has(employment.status);
  const active = employment.status === "active";
  return (
    <Card>
      <CardHeader
        title="Invite the employee"
        description={`${employment.full_name} · ${employment.country?.name ?? ""} · status ${STATUS_LABELS[employment.status]}`}
        actions={
          <Button size="sm" variant="ghost" onClick={onBack}>
            Back to the details
          </Button>
        }
      />
      <CardBody className="space-y-5 py-6">
        <div aria-live="polite" className="space-y-3">
          {outcome ? (
            <Alert
              tone={outcome.tone}
              title={outcome.title}
              role="status"
              actions={
                <ButtonLink href={employmentHref(employment.id)} size="sm">
                  Open the employment
                </ButtonLink>
              }
            >
              <p>{outcome.text}</p>
            </Alert>
          ) : null}
          {failure ? <ErrorBanner error={failure} operation="employments.write" role="alert" /> : null}
        </div>
        <p className="text-sm">
          The invitation asks {employment.full_name} to sign in and complete their part of the onboarding.
          {pending.length
            ? ` ${pending.length} onboarding task${pending.length === 1 ? " is" : "s are"} still open.`
            : " Every onboarding task is complete."}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="primary"
            onClick={() => void run("invite")}
            disabled={busy || !invitable}
            aria-describedby={invitable ? undefined : "invite-unavailable"}
          >
            {invite.isPending ? "Sending…" : "Send invitation"}
          </Button>
          {scope.environment === "sandbox" ? (
            <Button variant="secondary" onClick={() => void run("activate")} disabled={busy || active}>
              {activate.isPending ? "Activating…" : "Activate (sandbox)"}
            </Button>
          ) : null}
          <ButtonLink href={employmentHref(employment.id)} variant="ghost">
            Open the employment
          </ButtonLink>
        </div>
        {!invitable ? (
          <p id="invite-unavailable" className="text-sm text-slate-600 dark:text-slate-400">
            {active
              ? "The employment is active: there is nobody left to invite."
              : `Invitations go to employments that are created and not yet invited; this one is ${STATUS_LABELS[employment.status].toLowerCase()}.`}
          </p>
        ) : null}
        {scope.environment === "sandbox" ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Sandbox only: “Activate” sets the new employment active at once (PATCH /v1/sandbox/employments/{"{id}"}), to test what follows
            onboarding.
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
