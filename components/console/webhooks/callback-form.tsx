"use client";

import { useEffect } from "react";
import { Controller, useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, Input, sentence } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { checkResolver } from "@/lib/console/form-check";
import { checkCallbackForm, type CallbackFormValues } from "@/lib/console/webhooks/callback-form";
import { plural } from "@/lib/console/webhooks/format";
import { WEBHOOK_EVENT_TYPES } from "@/lib/contract/enums";
import { EventPicker } from "./event-picker";

export interface CallbackFormProps {
  /** Prefix of the controls' ids (two forms can be on the page). */
  idPrefix: string;
  mode: "create" | "edit";
  defaultValues: CallbackFormValues;
  /** Runs the request; `setError` lets the caller put the API's 422 errors on fields. */
  onSubmit: (values: CallbackFormValues, helpers: { setError: UseFormSetError<CallbackFormValues> }) => Promise<void>;
  onCancel: () => void;
}

/**
 * Register or edit a webhook callback, presentational: values in, checked values out (checkCallbackForm), no
 * fetching. The URL is checked for shape only; https and address rules are the API's, and its 422
 * messages come back onto the URL field through setError.
 */
export function CallbackForm({ idPrefix, mode, defaultValues, onSubmit, onCancel }: CallbackFormProps) {
  const form = useForm<CallbackFormValues>({ resolver: checkResolver(checkCallbackForm), defaultValues, mode: "onTouched" });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const allEvents = useWatch({ control, name: "all_events" });
  const events = useWatch({ control, name: "events" });
  const id = (name: string) => `${idPrefix}-${name}`;

  // The URL is what one registers first: focus it when the form opens.
  useEffect(() => setFocus("url"), [setFocus]);

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, { setError }))} className="space-y-5">
      <Field
        id={id("url")}
        label="Callback URL"
        error={errors.url?.message}
        description="Where the API POSTs each event. It must use https (http only for loopback addresses when the provider runs locally); private and metadata addresses are refused."
      >
        {(aria) => (
          <Input
            {...aria}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/webhooks/roster"
            invalid={!!errors.url}
            className="font-mono"
            {...register("url")}
          />
        )}
      </Field>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Events</legend>
        <div className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
          <input
            id={id("all")}
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            aria-describedby={id("all-d")}
            {...register("all_events")}
          />
          <span>
            <label htmlFor={id("all")} className="cursor-pointer font-medium text-slate-900 dark:text-slate-100">
              All events
            </label>
            <span id={id("all-d")} className="block text-slate-600 dark:text-slate-400">
              Every event type, including types the API adds later (subscribe_to_all_events).
            </span>
          </span>
        </div>
        <p id={id("events-d")} className="text-sm text-slate-600 dark:text-slate-400">
          {allEvents
            ? `All ${WEBHOOK_EVENT_TYPES.length} event types are delivered. Untick “All events” to choose.`
            : `${plural(events.length, "event type")} of ${WEBHOOK_EVENT_TYPES.length} selected.`}
        </p>
        <Controller
          control={control}
          name="events"
          render={({ field }) => (
            <EventPicker
              id={id("events")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={allEvents || isSubmitting}
              invalid={!!errors.events}
              describedBy={[id("events-d"), errors.events ? id("events-error") : ""].filter(Boolean).join(" ")}
            />
          )}
        />
        {errors.events ? (
          <p id={id("events-error")} className="text-sm font-medium text-red-700 dark:text-red-300">
            {sentence(errors.events.message ?? errors.events.root?.message ?? "Check the event types")}
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button type="submit" disabled={isSubmitting || (mode === "edit" && !isDirty)} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? (
            <>
              <Spinner /> {mode === "create" ? "Registering…" : "Saving…"}
            </>
          ) : mode === "create" ? (
            "Register callback"
          ) : (
            "Save changes"
          )}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        {mode === "edit" && !isDirty ? <span className="text-sm text-slate-600 dark:text-slate-400">No changes yet.</span> : null}
      </div>
    </form>
  );
}
