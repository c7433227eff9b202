"use client";

import { useEffect, useRef, useState, type ChangeEvent, type Ref } from "react";
import { formatDate } from "@/lib/console/format";
import { Input, type InputProps } from "./field";

// A date field (docs/decisions/console-date-inputs.md): the browser's own date input (its calendar,
// its keyboard entry, min and max) for choosing, and beside it the chosen date as the console writes
// dates everywhere else ("8 Mar 2026"), because the browser draws its input in the reader's locale
// ("03/08/2026" or "08/03/2026"). The echo is the input's description for assistive technology too.

export type DateInputProps = Omit<InputProps, "type">;

export function DateInput({ id, ref, onChange, value, defaultValue, className, ...props }: DateInputProps) {
  const inner = useRef<HTMLInputElement | null>(null);
  const [typed, setTyped] = useState(() => (typeof value === "string" ? value : typeof defaultValue === "string" ? defaultValue : ""));
  // A form library may write the value through the ref (defaults, reset): follow what the input holds.
  useEffect(() => {
    const current = inner.current?.value ?? "";
    if (value === undefined && current !== typed) setTyped(current);
  });
  const iso = typeof value === "string" ? value : typed;
  const shown = formatDate(iso);
  const echoId = id ? `${id}-as-written` : undefined;
  const describedBy = [props["aria-describedby"], shown ? echoId : undefined].filter(Boolean).join(" ") || undefined;

  const setRefs = (el: HTMLInputElement | null) => {
    inner.current = el;
    assignRef(ref, el);
  };

  return (
    <div className="flex items-center gap-3">
      <Input
        {...props}
        id={id}
        ref={setRefs}
        type="date"
        value={value}
        defaultValue={defaultValue}
        className={className ?? "max-w-48"}
        aria-describedby={describedBy}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          setTyped(e.target.value);
          onChange?.(e);
        }}
      />
      <DateAsWritten id={echoId} value={iso} />
    </div>
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/** A date input's value as the console writes dates ("8 Mar 2026"); empty while no full date is chosen. */
export function DateAsWritten({ id, value }: { id?: string; value: string }) {
  return (
    <span id={id} className="whitespace-nowrap text-sm tabular-nums text-slate-700 dark:text-slate-300">
      {formatDate(value)}
    </span>
  );
}
