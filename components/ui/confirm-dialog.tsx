"use client";

import { useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending?: boolean;
  /** Shown inside the dialog: the refusal of the confirmed action. */
  feedback?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation (see ModalDialog: focus trapped, Escape cancels). Focus starts on Cancel, so
 * Enter never removes by accident, and goes back to the opener when the dialog closes.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  feedback,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog open={open} onClose={onCancel} locked={pending} title={title} description={children} initialFocus={cancel}>
      {feedback}
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={pending}>
          {feedback ? "Close" : "Cancel"}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? (
            <>
              <Spinner /> {pendingLabel}
            </>
          ) : (
            confirmLabel
          )}
        </Button>
      </div>
    </ModalDialog>
  );
}
