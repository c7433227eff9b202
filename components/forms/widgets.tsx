"use client";

import { useEffect, useId, useMemo, useState, type ChangeEvent } from "react";
import type { RegistryWidgetsType, WidgetProps } from "@rjsf/utils";
import { majorToMinor, minorToMajor, stripHtml, WIDGET_NAMES, type FieldOption, type FieldView } from "@/lib/forms";
import { DateAsWritten } from "@/components/ui/date-input";
import { RichText } from "./rich-text";
import { StatementCallout } from "./statement-callout";

// One widget per kind of input of the x-jsf dialect. Each reads its field's view (computed by
// lib/forms for the current values) from `options.xjsf`; RJSF supplies the id, value and
// onChange. Values keep the API's types: money in integer minor units, options with their
// own (string, number, boolean) values.

export const viewOf = (options: WidgetProps["options"]): FieldView | undefined => (options as { xjsf?: FieldView }).xjsf;

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 read-only:bg-slate-50 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:read-only:bg-slate-800";

/** ids of the description and the errors of a field (rendered by FieldTemplate). */
export function describedBy(id: string, view: FieldView | undefined, rawErrors: readonly string[] | undefined): string | undefined {
  const ids = [
    view?.description ? `${id}__description` : null,
    view?.statement ? `${id}__statement` : null,
    rawErrors?.length ? `${id}__error` : null,
  ].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function a11y(props: WidgetProps, view: FieldView | undefined) {
  return {
    "aria-invalid": props.rawErrors?.length ? true : undefined,
    "aria-describedby": describedBy(props.id, view, props.rawErrors),
    "aria-required": view?.required || undefined,
  };
}

const HTML_INPUT_TYPES: Record<string, string> = { email: "email", tel: "tel", time: "time", date: "date", text: "text" };

/** text, email, tel, time and date (a date also shown as the console writes dates: DateAsWritten). */
function XjsfInput(props: WidgetProps) {
  const view = viewOf(props.options);
  const type = HTML_INPUT_TYPES[view?.inputType ?? "text"] ?? "text";
  const a = a11y(props, view);
  if (type === "date") {
    const value = typeof props.value === "string" ? props.value : "";
    const echoId = `${props.id}__as-written`;
    return (
      <div className="flex items-center gap-3">
        <input
          id={props.id}
          name={props.htmlName ?? props.id}
          type="date"
          className={`${inputClass} max-w-48`}
          value={value}
          min={view?.minDate}
          max={view?.maxDate}
          disabled={props.disabled}
          readOnly={props.readonly || view?.readOnly}
          onChange={(e) => props.onChange(e.target.value === "" ? undefined : e.target.value)}
          onBlur={(e) => props.onBlur(props.id, e.target.value)}
          onFocus={(e) => props.onFocus(props.id, e.target.value)}
          {...a}
          aria-describedby={[a["aria-describedby"], value ? echoId : null].filter(Boolean).join(" ") || undefined}
        />
        <DateAsWritten id={echoId} value={value} />
      </div>
    );
  }
  return (
    <input
      id={props.id}
      name={props.htmlName ?? props.id}
      type={type}
      className={inputClass}
      value={typeof props.value === "string" || typeof props.value === "number" ? String(props.value) : ""}
      placeholder={view?.placeholder ?? (props.placeholder || undefined)}
      min={type === "date" ? view?.minDate : undefined}
      max={type === "date" ? view?.maxDate : undefined}
      autoComplete={type === "email" ? "email" : type === "tel" ? "tel" : undefined}
      disabled={props.disabled}
      readOnly={props.readonly || view?.readOnly}
      onChange={(e) => props.onChange(e.target.value === "" ? undefined : e.target.value)}
      onBlur={(e) => props.onBlur(props.id, e.target.value)}
      onFocus={(e) => props.onFocus(props.id, e.target.value)}
      {...a11y(props, view)}
    />
  );
}

function XjsfTextarea(props: WidgetProps) {
  const view = viewOf(props.options);
  return (
    <textarea
      id={props.id}
      name={props.htmlName ?? props.id}
      rows={5}
      className={inputClass}
      value={typeof props.value === "string" ? props.value : ""}
      placeholder={view?.placeholder ?? (props.placeholder || undefined)}
      disabled={props.disabled}
      readOnly={props.readonly || view?.readOnly}
      onChange={(e) => props.onChange(e.target.value === "" ? undefined : e.target.value)}
      onBlur={(e) => props.onBlur(props.id, e.target.value)}
      onFocus={(e) => props.onFocus(props.id, e.target.value)}
      {...a11y(props, view)}
    />
  );
}

/** Numbers are typed as text and kept as text while they are not numbers (the error then says so). */
function XjsfNumber(props: WidgetProps) {
  const view = viewOf(props.options);
  const [text, setText] = useState(() => (props.value === undefined || props.value === null ? "" : String(props.value)));
  useEffect(() => {
    // Follow a value set from outside (a forced or computed value, a reset).
    const current = text.trim() === "" ? undefined : Number(text);
    if (props.value !== current && !(typeof props.value === "string" && props.value === text)) {
      setText(props.value === undefined || props.value === null ? "" : String(props.value));
    }
  }, [props.value]);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setText(next);
    const trimmed = next.trim();
    const n = Number(trimmed);
    props.onChange(trimmed === "" ? undefined : Number.isFinite(n) && /^-?\d*\.?\d+$|^-?\d+\.?$/.test(trimmed) ? n : next);
  };
  return (
    <div className="flex items-center gap-2">
      <input
        id={props.id}
        name={props.htmlName ?? props.id}
        type="text"
        inputMode="decimal"
        className={inputClass}
        value={text}
        placeholder={view?.placeholder ?? (props.placeholder || undefined)}
        disabled={props.disabled}
        readOnly={props.readonly || view?.readOnly}
        onChange={onChange}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
        {...a11y(props, view)}
      />
      {view?.percentage ? <span className="text-sm text-slate-600 dark:text-slate-300">%</span> : null}
    </div>
  );
}

/** Money: shown and typed in major units with the currency; the value is integer minor units. */
function XjsfMoney(props: WidgetProps) {
  const view = viewOf(props.options);
  const [text, setText] = useState(() =>
    typeof props.value === "number" ? minorToMajor(props.value) : typeof props.value === "string" ? props.value : "",
  );
  useEffect(() => {
    const parsed = majorToMinor(text);
    if (typeof props.value === "number" && parsed !== props.value) setText(minorToMajor(props.value));
    else if (props.value === undefined && parsed !== undefined && parsed !== null) setText("");
  }, [props.value]);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setText(next);
    const minor = majorToMinor(next);
    // Text that is not an amount is kept as text, so the form reports it instead of dropping it.
    props.onChange(minor === null ? next : minor);
  };
  const currencyId = `${props.id}__currency`;
  const a = a11y(props, view);
  return (
    <div className="flex items-stretch">
      {view?.currency ? (
        <span
          id={currencyId}
          className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm font-medium text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200"
        >
          {view.currency}
        </span>
      ) : null}
      <input
        id={props.id}
        name={props.htmlName ?? props.id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={`${inputClass} ${view?.currency ? "rounded-l-none" : ""}`}
        value={text}
        placeholder={view?.placeholder ?? "0.00"}
        disabled={props.disabled}
        readOnly={props.readonly || view?.readOnly}
        onChange={onChange}
        onBlur={() => {
          if (typeof props.value === "number") setText(minorToMajor(props.value));
          props.onBlur(props.id, props.value);
        }}
        onFocus={() => props.onFocus(props.id, props.value)}
        {...a}
        aria-describedby={[view?.currency ? currencyId : null, a["aria-describedby"]].filter(Boolean).join(" ") || undefined}
        data-currency={view?.currency}
      />
    </div>
  );
}

const indexOfValue = (options: readonly FieldOption[], value: unknown) => options.findIndex((o) => o.value === value);

function XjsfSelect(props: WidgetProps) {
  const view = viewOf(props.options);
  const options = view?.options ?? [];
  const selected = indexOfValue(options, props.value);
  return (
    <select
      id={props.id}
      name={props.htmlName ?? props.id}
      className={inputClass}
      value={selected >= 0 ? String(selected) : ""}
      disabled={props.disabled || view?.readOnly}
      onChange={(e) => props.onChange(e.target.value === "" ? undefined : options[Number(e.target.value)]?.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      {...a11y(props, view)}
    >
      <option value="">{view?.placeholder ?? "Select…"}</option>
      {options.map((o, i) => (
        <option key={i} value={String(i)}>
          {stripHtml(o.label)}
        </option>
      ))}
    </select>
  );
}

/** Id of the i-th choice of a group: the first carries the field's id (labels and summary links point at it). */
export const choiceId = (id: string, i: number) => (i === 0 ? id : `${id}-${i}`);

function ChoiceLabel({ option, htmlFor }: { option: FieldOption; htmlFor: string }) {
  return (
    <label htmlFor={htmlFor} className="text-sm text-slate-900 dark:text-slate-100">
      <RichText html={option.label} />
      {option.description ? (
        <RichText html={option.description} as="span" className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400" />
      ) : null}
    </label>
  );
}

function XjsfRadio(props: WidgetProps) {
  const view = viewOf(props.options);
  const options = view?.options ?? [];
  const a = a11y(props, view);
  return (
    <div role="presentation" className={view?.direction === "row" ? "flex flex-wrap gap-x-6 gap-y-2" : "flex flex-col gap-2"}>
      {options.map((o, i) => (
        <div key={i} className="flex items-start gap-2">
          <input
            id={choiceId(props.id, i)}
            name={props.htmlName ?? props.id}
            type="radio"
            className="mt-0.5 h-4 w-4 accent-brand-600"
            checked={props.value === o.value}
            disabled={props.disabled || (view?.readOnly && props.value !== o.value)}
            onChange={() => props.onChange(o.value)}
            onBlur={() => props.onBlur(props.id, props.value)}
            onFocus={() => props.onFocus(props.id, props.value)}
            aria-invalid={a["aria-invalid"]}
            aria-describedby={i === 0 ? a["aria-describedby"] : undefined}
          />
          <ChoiceLabel option={o} htmlFor={choiceId(props.id, i)} />
        </div>
      ))}
    </div>
  );
}

/** One checkbox: an acknowledgement (its value is the schema's const, e.g. "acknowledged") or a boolean. */
function XjsfCheckbox(props: WidgetProps) {
  const view = viewOf(props.options);
  const checkedValue = view?.checkedValue ?? true;
  const checked = props.value === checkedValue;
  return (
    <div className="flex items-start gap-2">
      <input
        id={props.id}
        name={props.htmlName ?? props.id}
        type="checkbox"
        className="mt-0.5 h-4 w-4 accent-brand-600"
        checked={checked}
        disabled={props.disabled || (view?.readOnly && view.forced)}
        onChange={(e) => props.onChange(e.target.checked ? checkedValue : view?.valueType === "boolean" ? false : undefined)}
        onBlur={() => props.onBlur(props.id, props.value)}
        onFocus={() => props.onFocus(props.id, props.value)}
        {...a11y(props, view)}
      />
      <label htmlFor={props.id} className="text-sm font-medium text-slate-900 dark:text-slate-100">
        <RichText html={view?.label ?? props.label} />
        {view?.required ? <RequiredMark /> : null}
      </label>
    </div>
  );
}

export function RequiredMark() {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

function toggle(list: unknown, value: unknown, on: boolean): unknown[] | undefined {
  const current = Array.isArray(list) ? list.filter((v) => v !== value) : [];
  const next = on ? [...current, value] : current;
  return next.length ? next : undefined;
}

/** A few choices of a list: checkboxes. */
function XjsfCheckboxes(props: WidgetProps) {
  const view = viewOf(props.options);
  const options = view?.options ?? [];
  const values = Array.isArray(props.value) ? props.value : [];
  const a = a11y(props, view);
  return (
    <div className={view?.direction === "row" ? "flex flex-wrap gap-x-6 gap-y-2" : "flex flex-col gap-2"}>
      {options.map((o, i) => (
        <div key={i} className="flex items-start gap-2">
          <input
            id={choiceId(props.id, i)}
            name={`${props.htmlName ?? props.id}[]`}
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-brand-600"
            checked={values.includes(o.value)}
            disabled={props.disabled || view?.readOnly}
            onChange={(e) => props.onChange(toggle(props.value, o.value, e.target.checked))}
            aria-invalid={a["aria-invalid"]}
            aria-describedby={i === 0 ? a["aria-describedby"] : undefined}
          />
          <ChoiceLabel option={o} htmlFor={choiceId(props.id, i)} />
        </div>
      ))}
    </div>
  );
}

/** Many choices (countries, long lists): the chosen ones as removable chips, a filter, and a scrolling list. */
function XjsfMultiSelect(props: WidgetProps) {
  const view = viewOf(props.options);
  const options = useMemo(() => (view?.options ?? []).map((o, i) => ({ ...o, text: stripHtml(o.label), i })), [view?.options]);
  const values = Array.isArray(props.value) ? props.value : [];
  const [query, setQuery] = useState("");
  const listId = useId();
  const q = query.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.text.toLowerCase().includes(q)) : options;
  const chosen = options.filter((o) => values.includes(o.value));
  const a = a11y(props, view);
  return (
    <div className="space-y-2">
      {chosen.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={`Selected (${chosen.length})`}>
          {chosen.map((o) => (
            <li key={o.i}>
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700 hover:bg-brand-600 hover:text-white dark:bg-slate-800 dark:text-slate-100"
                onClick={() => props.onChange(toggle(props.value, o.value, false))}
                disabled={props.disabled || view?.readOnly}
                aria-label={`Remove ${o.text}`}
              >
                {o.text} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={props.id}
        type="search"
        className={inputClass}
        placeholder="Type to filter…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-controls={listId}
        aria-label={`Filter: ${view?.labelText ?? props.label}`}
        {...a}
      />
      <div
        id={listId}
        role="group"
        aria-label={view?.labelText ?? props.label}
        className="max-h-56 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700"
      >
        {shown.length === 0 ? <p className="px-1 text-sm text-slate-500">No match</p> : null}
        {shown.map((o) => (
          <div key={o.i} className="flex items-start gap-2 py-0.5">
            <input
              id={`${props.id}-option-${o.i}`}
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-brand-600"
              checked={values.includes(o.value)}
              disabled={props.disabled || view?.readOnly}
              onChange={(e) => props.onChange(toggle(props.value, o.value, e.target.checked))}
            />
            <ChoiceLabel option={o} htmlFor={`${props.id}-option-${o.i}`} />
          </div>
        ))}
      </div>
    </div>
  );
}

function XjsfStatement(props: WidgetProps) {
  const view = viewOf(props.options);
  return view?.statement ? <StatementCallout statement={view.statement} id={`${props.id}__statement`} /> : null;
}

function fileNameOf(dataUrl: unknown): string | undefined {
  if (typeof dataUrl !== "string") return undefined;
  const m = /;name=([^;,]*)/.exec(dataUrl);
  return m ? decodeURIComponent(m[1]!) : dataUrl.startsWith("data:") ? "Uploaded file" : undefined;
}

/** Files travel as data URLs with the file name (`data:<type>;name=<file>;base64,…`), as RJSF sends them. */
function XjsfFile(props: WidgetProps) {
  const view = viewOf(props.options);
  const [problem, setProblem] = useState<string | null>(null);
  const current = fileNameOf(props.value);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setProblem(null);
    if (!file) return props.onChange(undefined);
    if (view?.maxFileSize && file.size > view.maxFileSize) {
      setProblem(`${file.name} is too large: at most ${Math.floor(view.maxFileSize / 1024)} KB.`);
      e.target.value = "";
      return props.onChange(undefined);
    }
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? "");
      props.onChange(
        url.replace(
          /^data:([^;,]*)(;base64)?,/,
          (_m, type: string, b64?: string) =>
            `data:${type || "application/octet-stream"};name=${encodeURIComponent(file.name)}${b64 ?? ""},`,
        ),
      );
    };
    reader.onerror = () => setProblem(`${file.name} could not be read.`);
    reader.readAsDataURL(file);
  };
  const a = a11y(props, view);
  return (
    <div className="space-y-1">
      <input
        id={props.id}
        name={props.htmlName ?? props.id}
        type="file"
        accept={view?.accept}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium dark:file:bg-slate-800"
        disabled={props.disabled || view?.readOnly}
        onChange={onChange}
        {...a}
      />
      {current ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Current file: {current}{" "}
          <button type="button" className="underline" onClick={() => props.onChange(undefined)}>
            Remove
          </button>
        </p>
      ) : null}
      {view?.accept || view?.maxFileSize ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {view.accept ? `Accepted: ${view.accept}. ` : ""}
          {view.maxFileSize ? `At most ${Math.floor(view.maxFileSize / 1024)} KB.` : ""}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Hidden fields render nothing (FieldTemplate skips them); their values stay in the form data. */
function XjsfHidden() {
  return null;
}

export const XJSF_WIDGETS: RegistryWidgetsType = {
  [WIDGET_NAMES.input]: XjsfInput,
  [WIDGET_NAMES.textarea]: XjsfTextarea,
  [WIDGET_NAMES.number]: XjsfNumber,
  [WIDGET_NAMES.money]: XjsfMoney,
  [WIDGET_NAMES.select]: XjsfSelect,
  [WIDGET_NAMES.radio]: XjsfRadio,
  [WIDGET_NAMES.checkbox]: XjsfCheckbox,
  [WIDGET_NAMES.checkboxes]: XjsfCheckboxes,
  [WIDGET_NAMES.multiselect]: XjsfMultiSelect,
  [WIDGET_NAMES.statement]: XjsfStatement,
  [WIDGET_NAMES.file]: XjsfFile,
  [WIDGET_NAMES.hidden]: XjsfHidden,
};
