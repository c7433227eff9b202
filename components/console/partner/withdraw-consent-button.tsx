"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { describeApiError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { bffFetch } from "@/lib/console/bff-client";
import { toErrorPayload } from "@/lib/console/errors/present";

/** "Withdraw consent" for one company: confirmed in a dialog, revoked at the API, then the page reloads its data. */
export function WithdrawConsentButton({ companyId, companyName }: { companyId: string; companyName: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiErrorPayload | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await bffFetch(`/api/partner/companies/${encodeURIComponent(companyId)}/withdraw`, { method: "POST" });
      setOpen(false);
      router.refresh();
    } catch (e) {
      setError(toErrorPayload(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Withdraw consent of ${companyName}`}>
        Withdraw consent
      </Button>
      <ConfirmDialog
        open={open}
        title={`Withdraw the consent of ${companyName}?`}
        confirmLabel="Withdraw consent"
        pendingLabel="Withdrawing…"
        pending={pending}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
        feedback={
          error ? (
            <Alert tone="error" role="alert" title="The consent was not withdrawn">
              <p>
                {describeApiError(error)}
                {error.requestId ? <> (request id {error.requestId})</> : null}
              </p>
            </Alert>
          ) : null
        }
      >
        <p>
          The console revokes its grant at the Employment API and forgets its tokens. {companyName} disappears from the partner&apos;s
          companies until an admin of {companyName} consents again through a new link. Company admins signed in to this console with the
          Employment API lose their sign-in too.
        </p>
      </ConfirmDialog>
    </>
  );
}
