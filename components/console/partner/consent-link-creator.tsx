"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { describeApiError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { bffFetch } from "@/lib/console/bff-client";
import { toErrorPayload } from "@/lib/console/errors/present";
import type { Environment } from "@/lib/contract/enums";

interface CreatedLink {
  url: string;
  environment: Environment;
  expiresAt: string;
}

/** Creates a consent link and shows it once (only its hash is kept), with Copy and Open. */
export function ConsentLinkCreator({ environmentLabel }: { environmentLabel: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [link, setLink] = useState<CreatedLink | null>(null);
  const [error, setError] = useState<ApiErrorPayload | null>(null);
  const [copied, setCopied] = useState(false);
  const inputId = useId();

  async function create() {
    setPending(true);
    setError(null);
    setCopied(false);
    try {
      setLink(await bffFetch<CreatedLink>("/api/partner/consent-links", { method: "POST" }));
      router.refresh();
    } catch (e) {
      setError(toErrorPayload(e));
    } finally {
      setPending(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="space-y-4">
      <Button onClick={() => void create()} disabled={pending} aria-busy={pending}>
        {pending ? "Creating…" : `Create a consent link (${environmentLabel})`}
      </Button>
      {error ? (
        <Alert tone="error" role="alert" title="No link was created">
          <p>{describeApiError(error)}</p>
        </Alert>
      ) : null}
      {link ? (
        <Alert tone="success" role="status" title="Consent link created">
          <p>
            Send it to an owner or admin of the company. It works once, until{" "}
            {new Date(link.expiresAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC. It is shown only now: the console keeps no copy.
          </p>
          <label htmlFor={inputId} className="mt-3 block text-sm font-medium">
            Consent link
          </label>
          <input
            id={inputId}
            readOnly
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              {copied ? "Copied" : "Copy link"}
            </Button>
            <ButtonLink size="sm" href={new URL(link.url).pathname}>
              Open the consent page
            </ButtonLink>
          </div>
        </Alert>
      ) : null}
    </div>
  );
}
