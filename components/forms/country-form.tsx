"use client";

import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
// The Form module itself, not @rjsf/core's index: the index also exports getTestRegistry, whose
// import of @rjsf/validator-ajv8 kept ajv and ajv-formats in the page's first load.
import Form, { type IChangeEvent } from "@rjsf/core/lib/components/Form.js";
import type { ErrorSchema, RJSFSchema, UiSchema } from "@rjsf/utils";
import { createFormModel, ID_SEPARATOR, toErrorSchema, type FieldErrors, type FormValues, type SchemaCompiler } from "@/lib/forms";
import { createCustomValidate, DEFAULT_STATE_BEHAVIOR, dropSkeletonErrors } from "./rjsf-validation";
import { skeletonValidator } from "./rjsf-validator";
import { XJSF_TEMPLATES, type XjsfFormContext } from "./templates";
import { XJSF_WIDGETS } from "./widgets";

// A country form (x-jsf schema) rendered with react-jsonschema-form through the lib/forms
// adapter. Presentational: it takes the schema, the saved values and the API's field errors,
// validates exactly as the API does, and hands the pruned body to `onSubmit`. The container owns
// the request and maps the API's 422 errors (lib/forms mapServerErrors) into `serverErrors`.

// ajv (the JSON Schema half of the engine's checks: its compiler and formats, about 40 KB gzip) is
// not part of the page's first load: it is fetched once the form is up, and a submission made
// before it arrives waits for it. Conditions are judged without it (lib/forms/condition.ts).
let compilerLoad: Promise<SchemaCompiler | null> | null = null;

/** ajv's compiler, loaded once per page; null when it could not be loaded (the API still judges). */
function loadCompiler(): Promise<SchemaCompiler | null> {
  compilerLoad ??= import("@/lib/forms/ajv").then(
    (m) => m.compileSchema,
    () => {
      compilerLoad = null; // try again at the next submission
      return null;
    },
  );
  return compilerLoad;
}

export interface CountryFormProps {
  /** The form schema: `{data: schema}` as the API answers, or the bare schema. */
  schema: unknown;
  /** Saved values of the section (null or {} for a new one). */
  initialValues?: FormValues | null;
  /** Called with the body to send (hidden and forbidden fields pruned) once the form is valid. */
  onSubmit: (body: FormValues) => void | Promise<void>;
  /** The API's field errors, by path inside the section ("" for the section as a whole). */
  serverErrors?: FieldErrors | null;
  submitLabel?: string;
  /** A request is running: the submit button is disabled and says so. */
  submitting?: boolean;
  disabled?: boolean;
  /** Prefix of the fields' DOM ids (several forms on a page need different ones). */
  idPrefix?: string;
  /** Called with the current body on every change (e.g. to keep a draft). */
  onBodyChange?: (body: FormValues) => void;
  /** Extra actions next to the submit button. */
  children?: ReactNode;
}

export function CountryForm({
  schema,
  initialValues,
  onSubmit,
  serverErrors,
  submitLabel = "Save",
  submitting = false,
  disabled = false,
  idPrefix = "root",
  onBodyChange,
  children,
}: CountryFormProps) {
  const model = useMemo(() => createFormModel(schema), [schema]);
  const [values, setValues] = useState<FormValues>(() => model.initialValues(initialValues));
  const [attempted, setAttempted] = useState(false);
  const view = useMemo(() => model.view(values), [model, values]);
  const summaryId = `${useId().replace(/:/g, "")}-error-summary`;
  const formContext = useMemo<XjsfFormContext>(() => ({ index: view.index, idPrefix, summaryId }), [view.index, idPrefix, summaryId]);
  const extraErrors = useMemo(
    () => (serverErrors && Object.keys(serverErrors).length ? (toErrorSchema(serverErrors) as ErrorSchema) : undefined),
    [serverErrors],
  );
  const focusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const focusSummary = useCallback(() => {
    if (focusTimer.current) clearTimeout(focusTimer.current);
    focusTimer.current = setTimeout(() => document.getElementById(summaryId)?.focus(), 0);
  }, [summaryId]);

  useEffect(() => () => void (focusTimer.current && clearTimeout(focusTimer.current)), []);
  // The API refused the body: show its errors at once (summary first).
  useEffect(() => {
    if (extraErrors) focusSummary();
  }, [extraErrors, focusSummary]);

  // ajv's compiler once its load has settled (`compile` null: it could not be loaded).
  const compiler = useRef<{ compile: SchemaCompiler | null } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void loadCompiler().then((compile) => void (compiler.current = { compile }));
  }, []);
  const customValidate = useMemo(() => createCustomValidate(model, () => compiler.current?.compile ?? null), [model]);
  // A submission before ajv's load has settled: hold it, and submit again once it has.
  const holdSubmit = useCallback((e: FormEvent) => {
    if (compiler.current) return;
    e.preventDefault();
    e.stopPropagation();
    void loadCompiler().then((compile) => {
      compiler.current = { compile };
      frame.current?.querySelector("form")?.requestSubmit();
    });
  }, []);

  const onChange = useCallback(
    (e: IChangeEvent) => {
      const next = (e.formData as FormValues | undefined) ?? {};
      setValues(next);
      onBodyChange?.(model.body(next));
    },
    [model, onBodyChange],
  );

  return (
    <div ref={frame} onSubmitCapture={holdSubmit}>
      <Form
        schema={model.rjsfSchema as RJSFSchema}
        uiSchema={view.uiSchema as UiSchema}
        formData={view.settled.values}
        validator={skeletonValidator}
        widgets={XJSF_WIDGETS}
        templates={XJSF_TEMPLATES}
        formContext={formContext}
        idPrefix={idPrefix}
        idSeparator={ID_SEPARATOR}
        noHtml5Validate
        showErrorList="top"
        focusOnFirstError={false}
        liveValidate={attempted ? "onChange" : false}
        customValidate={customValidate}
        transformErrors={dropSkeletonErrors}
        extraErrors={extraErrors}
        experimental_defaultFormStateBehavior={DEFAULT_STATE_BEHAVIOR}
        disabled={disabled}
        onChange={onChange}
        onError={() => {
          setAttempted(true);
          focusSummary();
        }}
        onSubmit={(e) => {
          setAttempted(true);
          void onSubmit(model.body((e.formData as FormValues | undefined) ?? {}));
        }}
        className="space-y-6"
      >
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
          <button
            type="submit"
            disabled={submitting || disabled}
            aria-disabled={submitting || disabled}
            className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {submitting ? "Saving…" : submitLabel}
          </button>
          {children}
        </div>
      </Form>
    </div>
  );
}
