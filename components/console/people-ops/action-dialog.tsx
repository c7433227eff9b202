"use client";

import { useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/dialog";
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
 * A modal confirmation (see ModalDialog: focus trapped, Escape cancels), optionally asking for a
 * reason. Focus starts on the reason box, or on Close when there is none, so Enter never confirms by
 * accident; it returns to the opener on close. The form mounts with the dialog, so each opening starts
 * with an empty reason.
 */
export function ActionDialog({ open, title, children, pending, onCancel, reason, ...rest }: ActionDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      locked={pending}
      title={title}
      description={children}
      initialFocus={reason ? reasonBox : cancel}
    >
      <ActionForm {...rest} reason={reason} pending={pending} onCancel={onCancel} cancel={cancel} reasonBox={reasonBox} />
    </ModalDialog>
  );
}

function ActionForm({
  confirmLabel,
  pendingLabel,
  confirmVariant = "primary",
  reason,
  pending,
  feedback,
  reasonError,
  onConfirm,
  onCancel,
  cancel,
  reasonBox,
}: Omit<ActionDialogProps, "open" | "title" | "children"> & {
  cancel: RefObject<HTMLButtonElement | null>;
  reasonBox: RefObject<HTMLTextAreaElement | null>;
}) {
  const reasonId = useId();
  const [text, setText] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);

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
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending) submit();
      }}
    >
      {reason ? (
        <div className="space-y-1.5">
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
            {reason.label}
          </label>
          <Textarea
            ref={reasonBox}
            id={reasonId}
            rows={3}
            value={text}
            maxLength={2000}
            required
            invalid={!!error}
            aria-describedby={
              [reason.description ? `${reasonId}-d` : null, error ? `${reasonId}-e` : null].filter(Boolean).join(" ") || undefined
            }
            onChange={(e) => {
              setText(e.target.value);
              setLocalError(null);
            }}
          />
          {reason.description ? (
            <p id={`${reasonId}-d`} className="text-sm text-slate-600 dark:text-slate-400">
              {reason.description}
            </p>
          ) : null}
          {error ? (
            <p id={`${reasonId}-e`} className="text-sm font-medium text-red-700 dark:text-red-300">
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
  );
}
