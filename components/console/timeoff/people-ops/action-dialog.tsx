"use client";

import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { sentence } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "./textarea";

export interface ActionDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  confirmVariant?: ButtonVariant;
  /** Asks for a reason (decline, cancel): required, at most 2000 characters, sent trimmed. */
  reason?: { label: string; description?: string };
  pending?: boolean;
  /** Shown inside the dialog: the error of the confirmed action. */
  feedback?: ReactNode;
  /** A server error on the reason field (422). */
  reasonError?: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * A modal confirmation over the native <dialog> (showModal: focus is trapped, the page behind is
 * inert, Escape cancels), optionally asking for a reason. Focus starts on the reason box, or on Cancel
 * when there is none, so Enter never confirms by accident; it returns to the opener on close.
 */
export function ActionDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  confirmVariant = "primary",
  reason,
  pending,
  feedback,
  reasonError,
  onConfirm,
  onCancel,
}: ActionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<Element | null>(null);
  const ids = { title: useId(), body: useId(), reason: useId() };
  const [text, setText] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      setText("");
      setLocalError(null);
      dialog.showModal();
      (reason ? reasonBox.current : cancel.current)?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open, reason]);

  const error = localError ?? reasonError ?? null;
  const submit = () => {
    if (reason) {
      const trimmed = text.trim();
      if (!trimmed) {
        setLocalError("can't be blank");
        reasonBox.current?.focus();
        return;
      }
      if (trimmed.length > 2000) {
        setLocalError("must be at most 2000 characters");
        reasonBox.current?.focus();
        return;
      }
    }
    onConfirm(text.trim());
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={ids.title}
      aria-describedby={ids.body}
      onCancel={(e) => {
        e.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form
        method="dialog"
        noValidate
        className="space-y-4 p-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) submit();
        }}
      >
        <h2 id={ids.title} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={ids.body} className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
          {children}
        </div>
        {reason ? (
          <div className="space-y-1.5">
            <label htmlFor={ids.reason} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              {reason.label}
            </label>
            <Textarea
              ref={reasonBox}
              id={ids.reason}
              rows={3}
              value={text}
              maxLength={2000}
              required
              invalid={!!error}
              aria-describedby={
                [reason.description ? `${ids.reason}-d` : null, error ? `${ids.reason}-e` : null].filter(Boolean).join(" ") || undefined
              }
              onChange={(e) => {
                setText(e.target.value);
                setLocalError(null);
              }}
            />
            {reason.description ? (
              <p id={`${ids.reason}-d`} className="text-sm text-slate-600 dark:text-slate-400">
                {reason.description}
              </p>
            ) : null}
            {error ? (
              <p id={`${ids.reason}-e`} className="text-sm font-medium text-red-700 dark:text-red-300">
                {sentence(error)}
              </p>
            ) : null}
          </div>
        ) : null}
        {feedback}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={pending}>
            Close
          </Button>
          <Button type="submit" variant={confirmVariant} disabled={pending} aria-busy={pending || undefined}>
            {pending ? (
              <>
                <Spinner /> {pendingLabel}
              </>
            ) : (
              confirmLabel
            )}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
