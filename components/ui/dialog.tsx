"use client";

import { lazy, Suspense, useState, type ReactNode, type RefObject } from "react";

export interface ModalDialogProps {
  open: boolean;
  /** Called on Escape (and by the dialog's own Close buttons through the caller). */
  onClose: () => void;
  title: string;
  /** The dialog's description (announced with its name). */
  description: ReactNode;
  /** While true, Escape does nothing (an action is under way). */
  locked?: boolean;
  /** Where focus starts; the first focusable element when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  /** Everything after the description: fields, feedback, buttons. */
  children: ReactNode;
}

// Radix's dialog (focus scope, scroll lock, aria-hidden of the page, portal) is fetched when a dialog
// first opens, not with the page: the confirmations it renders are opened rarely, and it would
// otherwise weigh on every page that offers one (docs/decisions/console-bundle-budgets.md).
const RadixModalDialog = lazy(() => import("./dialog-radix"));

/**
 * A modal dialog on Radix (focus trapped, the page behind hidden from assistive technology, Escape
 * closes). Named by its title and described by `description`. A press outside does not close it (a
 * half-typed reason is not lost by a stray click); focus goes back to the element that opened it.
 * Nothing is rendered (nor loaded) until it first opens; from then on it stays mounted like Radix's.
 */
export function ModalDialog(props: ModalDialogProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <RadixModalDialog {...props} />
    </Suspense>
  );
}
