"use client";

import type { MouseEvent, ReactNode } from "react";
import type { ErrorListProps, FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from "@rjsf/utils";
import { displayMessage, fieldDomId, humanize, type FieldIndexEntry, type FieldView, type RootView } from "@/lib/forms";
import { RichText } from "./rich-text";
import { StatementCallout } from "./statement-callout";
import { RequiredMark } from "./widgets";

// The RJSF templates of the x-jsf theme: field layout by kind of input (labels, groups with a
// legend, statements, errors), fieldsets (nested objects and the flat `x-jsf-fieldsets`), and
// the error summary that names every error blocking the submission, each linked to its field.

/** What the templates read from RJSF's formContext. */
export interface XjsfFormContext {
  index: Map<string, FieldIndexEntry>;
  idPrefix: string;
  summaryId: string;
}

const fieldViewOf = (uiSchema: unknown): FieldView | undefined =>
  (uiSchema as { "ui:options"?: { xjsf?: FieldView } } | undefined)?.["ui:options"]?.xjsf;

const GROUP_WIDGETS = new Set(["radio", "checkboxes", "multiselect"]);

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const list = (errors ?? []).filter(Boolean);
  if (!list.length) return null;
  return (
    <ul id={`${id}__error`} className="mt-1 space-y-0.5 text-sm font-medium text-red-700 dark:text-red-400">
      {list.map((m, i) => (
        <li key={i}>{displayMessage(m)}</li>
      ))}
    </ul>
  );
}

function Description({ id, view }: { id: string; view: FieldView }) {
  return view.description ? (
    <RichText
      id={`${id}__description`}
      html={view.description}
      as="div"
      className="text-sm text-slate-600 dark:text-slate-400 [&_a]:underline"
    />
  ) : null;
}

function Deprecated({ view }: { view: FieldView }) {
  return view.deprecated ? <RichText html={view.deprecated} as="p" className="text-xs italic text-slate-500" /> : null;
}

function FieldStatement({ id, view }: { id: string; view: FieldView }) {
  return view.statement ? <StatementCallout statement={view.statement} id={`${id}__statement`} /> : null;
}

export function FieldTemplate(props: FieldTemplateProps) {
  const view = fieldViewOf(props.uiSchema);
  if (!view) return <>{props.children}</>;
  if (view.hidden) return null;
  const { id, children, rawErrors } = props;
  switch (view.widget) {
    case "fieldset":
      return (
        <div className="space-y-1" data-field={view.path.join(".")}>
          {children}
          <FieldErrors id={id} errors={rawErrors} />
        </div>
      );
    case "statement":
      return (
        <div data-field={view.path.join(".")}>
          {children}
          <FieldErrors id={id} errors={rawErrors} />
        </div>
      );
    case "checkbox":
      return (
        <div className="space-y-1" data-field={view.path.join(".")}>
          {children}
          <div className="pl-6">
            <Description id={id} view={view} />
            <Deprecated view={view} />
          </div>
          <FieldStatement id={id} view={view} />
          <FieldErrors id={id} errors={rawErrors} />
        </div>
      );
    default:
      if (GROUP_WIDGETS.has(view.widget)) {
        return (
          <fieldset
            className="space-y-2"
            data-field={view.path.join(".")}
            aria-describedby={view.description ? `${id}__description` : undefined}
          >
            <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">
              <RichText html={view.label} />
              {view.required ? <RequiredMark /> : null}
            </legend>
            <Description id={id} view={view} />
            <Deprecated view={view} />
            {children}
            <FieldStatement id={id} view={view} />
            <FieldErrors id={id} errors={rawErrors} />
          </fieldset>
        );
      }
      return (
        <div className="space-y-1" data-field={view.path.join(".")}>
          <label htmlFor={id} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
            <RichText html={view.label} />
            {view.required ? <RequiredMark /> : null}
          </label>
          <Description id={id} view={view} />
          <Deprecated view={view} />
          {children}
          <FieldStatement id={id} view={view} />
          <FieldErrors id={id} errors={rawErrors} />
        </div>
      );
  }
}

function isShown(uiSchema: unknown, name: string): boolean {
  const child = (uiSchema as Record<string, unknown> | undefined)?.[name];
  const view = fieldViewOf(child);
  return !view?.hidden;
}

function Group({ title, description, children }: { title?: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      {title ? (
        <legend className="px-1 text-base font-semibold text-slate-900 dark:text-slate-100">
          <RichText html={title} />
        </legend>
      ) : null}
      {description ? <RichText html={description} as="div" className="text-sm text-slate-600 dark:text-slate-400 [&_a]:underline" /> : null}
      {children}
    </fieldset>
  );
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema } = props;
  const view = fieldViewOf(uiSchema);
  const shown = properties.filter((p) => !p.hidden && isShown(uiSchema, p.name));
  if (!view) {
    // The form itself: fields in order, flat fieldsets grouped where their first field stands.
    const root = (uiSchema?.["ui:options"] as { xjsfRoot?: RootView } | undefined)?.xjsfRoot;
    const groupOf = new Map<string, RootView["fieldsets"][number]>();
    for (const fs of root?.fieldsets ?? []) for (const name of fs.fields) if (!groupOf.has(name)) groupOf.set(name, fs);
    const emitted = new Set<string>();
    const out: ReactNode[] = [];
    for (const p of shown) {
      const fs = groupOf.get(p.name);
      if (!fs) {
        out.push(<div key={p.name}>{p.content}</div>);
        continue;
      }
      if (emitted.has(fs.key)) continue;
      emitted.add(fs.key);
      const members = shown.filter((q) => groupOf.get(q.name)?.key === fs.key);
      out.push(
        <Group key={`fieldset-${fs.key}`} title={fs.title} description={fs.description}>
          {members.map((m) => (
            <div key={m.name}>{m.content}</div>
          ))}
        </Group>,
      );
    }
    return <div className="space-y-6">{out}</div>;
  }
  return (
    <Group title={view.label} description={view.description}>
      {view.statement ? <StatementCallout statement={view.statement} /> : null}
      {shown.map((p) => (
        <div key={p.name}>{p.content}</div>
      ))}
    </Group>
  );
}

/** Summary entries from RJSF's error list (property ".a.b" → path "a.b"), in the form's order. */
export function summaryItems(errors: ErrorListProps["errors"], ctx: XjsfFormContext | undefined) {
  const order = [...(ctx?.index.keys() ?? [])];
  const rank = (path: string) => (path === "" ? -1 : order.indexOf(path) >= 0 ? order.indexOf(path) : order.length);
  return errors
    .map((e) => {
      const path = (e.property ?? "").replace(/^\./, "");
      const entry = ctx?.index.get(path);
      const label = path === "" ? "Form" : (entry?.label ?? humanize(path.split(".").pop() ?? path));
      const href = entry && !entry.hidden ? `#${fieldDomId(path.split("."), ctx?.idPrefix)}` : undefined;
      return { path, label, message: displayMessage(e.message ?? e.stack ?? ""), href, hidden: entry?.hidden ?? path !== "" };
    })
    .map((item, i) => ({ item, i }))
    .sort((a, b) => rank(a.item.path) - rank(b.item.path) || a.i - b.i)
    .map(({ item }) => item);
}

export function ErrorListTemplate(props: ErrorListProps) {
  const ctx = props.registry.formContext as XjsfFormContext | undefined;
  const items = summaryItems(props.errors, ctx);
  if (!items.length) return null;
  const summaryId = ctx?.summaryId ?? "form-error-summary";
  const focusField = (href: string) => (event: MouseEvent) => {
    const el = document.getElementById(href.slice(1));
    if (el) {
      event.preventDefault();
      el.scrollIntoView({ block: "center" });
      el.focus();
    }
  };
  return (
    <div
      id={summaryId}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${summaryId}__title`}
      className="mb-6 rounded-lg border-2 border-red-600 bg-red-50 p-4 text-red-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600 dark:bg-red-950/40 dark:text-red-100"
      data-testid="form-error-summary"
    >
      <h2 id={`${summaryId}__title`} className="text-base font-semibold">
        {items.length === 1 ? "1 problem prevents saving this form" : `${items.length} problems prevent saving this form`}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {items.map((item, i) => (
          <li key={i}>
            {item.href ? (
              <a href={item.href} onClick={focusField(item.href)} className="font-medium underline">
                {item.label}
              </a>
            ) : (
              <span className="font-medium">
                {item.label}
                {item.hidden ? " (not shown in this form)" : ""}
              </span>
            )}
            : {item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const XJSF_TEMPLATES: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ErrorListTemplate,
};
