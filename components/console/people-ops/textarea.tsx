import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

/** A multi-line text control styled like components/ui/field's Input. */
export function Textarea({ className, invalid, ...props }: ComponentProps<"textarea"> & { invalid?: boolean }) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      className={cn(
        "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400",
        invalid ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600",
        className,
      )}
      {...props}
    />
  );
}
