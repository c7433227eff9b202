"use client";

import { useEffect, useRef, type Ref } from "react";
import { cn } from "@/components/ui/cn";
import type { WebhookEventType } from "@/lib/contract";
import { EVENT_DESCRIPTIONS, EVENT_GROUPS, groupSelection, toggleEvent, toggleGroup, type EventGroup } from "@/lib/console/webhooks/events";
import { plural } from "@/lib/console/webhooks/format";

export interface EventPickerProps {
  id: string;
  value: readonly WebhookEventType[];
  onChange: (next: WebhookEventType[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** Ids of the description and error the group refers to. */
  describedBy?: string;
  invalid?: boolean;
  /** Receives the first checkbox, so a form can focus the picker on error. */
  inputRef?: Ref<HTMLInputElement>;
}

/** Every event type of the contract, grouped by area; a group's box selects or clears the whole area. */
export function EventPicker({ id, value, onChange, onBlur, disabled, describedBy, invalid, inputRef }: EventPickerProps) {
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={cn("gap-3 sm:columns-2 [&>fieldset]:mb-3 [&>fieldset]:break-inside-avoid", disabled && "opacity-60")}
    >
      <span id={`${id}-label`} className="sr-only">
        Event types, {plural(value.length, "selected", "selected")}
      </span>
      {EVENT_GROUPS.map((group, i) => (
        <GroupBox
          key={group.area}
          id={`${id}-${group.area}`}
          group={group}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          disabled={disabled}
          invalid={invalid}
          inputRef={i === 0 ? inputRef : undefined}
        />
      ))}
    </div>
  );
}

function GroupBox({
  id,
  group,
  value,
  onChange,
  onBlur,
  disabled,
  invalid,
  inputRef,
}: {
  id: string;
  group: EventGroup;
  value: readonly WebhookEventType[];
  onChange: (next: WebhookEventType[]) => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const state = groupSelection(value, group);
  const groupBox = useRef<HTMLInputElement>(null);
  // "Some selected" is the checkbox's indeterminate state: a DOM property, not an attribute.
  useEffect(() => {
    if (groupBox.current) groupBox.current.indeterminate = state === "some";
  }, [state]);
  const count = group.events.filter((e) => value.includes(e)).length;
  return (
    <fieldset
      className={cn("rounded-md border p-3", invalid ? "border-red-400 dark:border-red-500/70" : "border-slate-200 dark:border-slate-700")}
    >
      <legend className="px-1">
        <label className="flex cursor-pointer items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
          <input
            ref={groupBox}
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={state === "all"}
            disabled={disabled}
            onChange={(e) => onChange(toggleGroup(value, group, e.target.checked))}
            onBlur={onBlur}
          />
          <span>
            {group.label}{" "}
            <span className="ml-0.5 font-normal text-slate-600 dark:text-slate-400">
              ({count}/{group.events.length})
            </span>
          </span>
        </label>
      </legend>
      <ul className="mt-1 space-y-1.5">
        {group.events.map((eventType, i) => (
          <li key={eventType} className="flex items-start gap-2 rounded px-1 py-0.5 hover:bg-slate-50 dark:hover:bg-slate-800/60">
            <input
              ref={i === 0 ? inputRef : undefined}
              id={`${id}-${i}`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
              checked={value.includes(eventType)}
              disabled={disabled}
              onChange={(e) => onChange(toggleEvent(value, eventType, e.target.checked))}
              onBlur={onBlur}
              aria-describedby={`${id}-${i}-d`}
            />
            <span className="min-w-0">
              <label
                htmlFor={`${id}-${i}`}
                className="block cursor-pointer break-all font-mono text-[0.8125rem] text-slate-900 dark:text-slate-100"
              >
                {eventType}
              </label>
              <span id={`${id}-${i}-d`} className="block text-xs text-slate-600 dark:text-slate-400">
                {EVENT_DESCRIPTIONS[eventType]}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
