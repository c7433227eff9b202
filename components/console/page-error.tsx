"use client";

import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";

export interface ConsolePageErrorProps {
  title: string;
  error: unknown;
  /** Next 16.4's error boundaries pass `retry` (re-fetch and re-render); older ones `reset`. */
  retry?: () => void;
  reset?: () => void;
}

/**
 * An unexpected failure while rendering a console page (API errors are shown by the pages
 * themselves, with their request id). Server errors reach the browser without their message, so the
 * digest is what to quote.
 */
export function ConsolePageError({ title, error, retry, reset }: ConsolePageErrorProps) {
  const digest = error && typeof error === "object" && "digest" in error ? String((error as { digest?: unknown }).digest ?? "") : "";
  const again = retry ?? reset;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <Alert
        tone="error"
        title="Something went wrong on the console's side"
        role="alert"
        actions={
          <>
            {again ? (
              <Button size="sm" onClick={() => again()}>
                Try again
              </Button>
            ) : null}
            <ButtonLink href="/employments" size="sm" variant="ghost">
              All employments
            </ButtonLink>
          </>
        }
      >
        <p>The page failed while it was being prepared. Trying again usually helps; if not, the server log has the details.</p>
        {digest ? (
          <p className="text-xs">
            Error reference: <code className="select-all font-mono">{digest}</code>
          </p>
        ) : null}
      </Alert>
    </div>
  );
}
