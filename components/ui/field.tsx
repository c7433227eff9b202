import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

// Form controls: native elements (accessible by default) with consistent styling, and a Field that
// wires label, description and error to its control (aria-describedby, aria-invalid).

const control =
  "block w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:bg-slate-800";
const border = (invalid?: boolean) => (invalid ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600");

export type InputProps = ComponentProps<"input"> & { invalid?: boolean };

export function Input({ className, invalid, ...props }: InputProps) {
  return <input aria-invalid={invalid || undefined} className={cn(control, border(invalid), "h-10", className)} {...props} />;
}

export type SelectProps = ComponentProps<"select"> & { invalid?: boolean };

export function Select({ className, invalid, children, ...props }: SelectProps) {
  return (
    <select aria-invalid={invalid || undefined} className={cn(control, border(invalid), "h-10 pr-8", className)} {...props}>
      {children}
    </select>
  );
}

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & { label: ReactNode };

export function Checkbox({ label, className, id, ...props }: CheckboxProps) {
  return (
    <label htmlFor={id} className={cn("flex cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200", className)}>
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-slate-400 text-brand-600 accent-brand-600 dark:border-slate-500"
        {...props}
      />
      <span>{label}</span>
    </label>
  );
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("block text-sm font-medium text-slate-900 dark:text-slate-100", className)} {...props} />;
}

/** "must be at most 64 characters" → "Must be at most 64 characters" (the API writes messages lowercase). */
export const sentence = (message: string) => (message ? message[0]!.toUpperCase() + message.slice(1) : message);

export interface FieldProps {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  /** The control, given the ids it must reference. */
  children: (aria: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => ReactNode;
  className?: string;
}

export function Field({ id, label, description, error, children, className }: FieldProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
      {description ? (
        <p id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {sentence(error)}
        </p>
      ) : null}
    </div>
  );
}
