"use client";

import { useRef } from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { cn } from "./cn";
import type { ModalDialogProps } from "./dialog";

/**
 * A modal dialog on Radix (focus trapped, the page behind hidden from assistive technology, Escape
 * closes). Named by its title and described by `description`. A press outside does not close it (a
 * half-typed reason is not lost by a stray click); focus goes back to the element that opened it.
 */
export default function RadixModalDialog({
  open,
  onClose,
  title,
  description,
  locked,
  initialFocus,
  className,
  children,
}: ModalDialogProps) {
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !locked) onClose();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
        <DialogPrimitive.Content
          onOpenAutoFocus={(e) => {
            opener.current = document.activeElement;
            if (initialFocus?.current) {
              e.preventDefault();
              initialFocus.current.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const el = opener.current;
            if (el instanceof HTMLElement && el.isConnected) el.focus();
          }}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(34rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
            className,
          )}
        >
          <div className="space-y-4">
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Description asChild>
              <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">{description}</div>
            </DialogPrimitive.Description>
            {children}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
