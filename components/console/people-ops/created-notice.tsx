"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { useUrlParam } from "@/components/console/list/url";

/** The query parameter a form adds to the list it returns to after creating a record. */
export const CREATED_PARAM = "created";

/** The parameter after an edit. */
export const UPDATED_PARAM = "updated";

/** `href` plus `created=<id>` (the list shows a confirmation until the next navigation). */
export function withCreated(href: string, id: string, param: string = CREATED_PARAM): string {
  return `${href}${href.includes("?") ? "&" : "?"}${param}=${encodeURIComponent(id)}`;
}

/**
 * "Created" confirmation after a form sent the user back to a list. The parameter is not part of the
 * list's state, so any change of filter or page drops it; Dismiss removes it from the URL.
 */
export function CreatedNotice({ title, children, param = CREATED_PARAM }: { title: string; children?: ReactNode; param?: string }) {
  // Dismiss drops the parameter from the URL in place, without a navigation.
  const [created, dismiss] = useUrlParam(param);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (created) ref.current?.focus();
  }, [created]);
  if (!created) return null;
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert
        tone="success"
        title={title}
        role="status"
        actions={
          <Button size="sm" variant="secondary" onClick={dismiss}>
            Dismiss
          </Button>
        }
      >
        {children}
      </Alert>
    </div>
  );
}

/**
 * A one-line confirmation with nothing to read or follow (e.g. "Incentive saved" after an edit): a
 * toast, shown once when `param` arrives, and the parameter dropped from the URL (a reload does not
 * repeat it). Use CreatedNotice when the confirmation carries content.
 */
export function SavedToast({ title, param = UPDATED_PARAM }: { title: string; param?: string }) {
  const [value, drop] = useUrlParam(param);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!value || shown.current === value) return;
    shown.current = value;
    toast.success(title);
    drop();
  }, [value, title, drop]);
  return null;
}
