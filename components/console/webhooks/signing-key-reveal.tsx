"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { WebhookCallback } from "@/lib/contract";
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from "@/lib/contract/enums";

/**
 * The signing key of a callback just registered: shown once. It lives in the props of this view only
 * (the container's state), never in a query cache, storage or the URL, and is dropped on "Done".
 */
export function SigningKeyReveal({ callback, signingKey, onDone }: { callback: WebhookCallback; signingKey: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const ids = { title: useId(), key: useId(), status: useId() };

  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(signingKey);
      setCopied("copied");
    } catch {
      // No clipboard permission: select the key so that Ctrl+C / ⌘C copies it.
      input.current?.select();
      setCopied("failed");
    }
  };

  return (
    <section
      aria-labelledby={ids.title}
      className="space-y-3 rounded-lg border-2 border-amber-400 bg-white p-4 shadow-sm dark:border-amber-500 dark:bg-slate-900"
    >
      <h2 id={ids.title} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none dark:text-white">
        Callback registered: copy its signing key now
      </h2>
      <Alert tone="warning" title="This key is shown only once">
        <p>
          The API never shows a signing key again, and Roster does not keep it. Store it in your receiver&apos;s secrets now; if it is lost,
          delete this callback and register it again to get a new key.
        </p>
      </Alert>
      <div className="space-y-1.5">
        <label htmlFor={ids.key} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
          Signing key for <span className="break-all font-mono font-normal">{callback.url}</span>
        </label>
        <div className="flex flex-wrap gap-2">
          <Input
            ref={input}
            id={ids.key}
            readOnly
            value={signingKey}
            autoComplete="off"
            spellCheck={false}
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby={ids.status}
            className="min-w-0 flex-1 font-mono"
          />
          <Button variant="primary" onClick={() => void copy()}>
            Copy key
          </Button>
        </div>
        <p id={ids.status} role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700 dark:text-slate-300">
          {copied === "copied"
            ? "Copied to the clipboard."
            : copied === "failed"
              ? "The browser refused the clipboard: the key is selected, press Ctrl+C (⌘C) to copy it."
              : ""}
        </p>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        To check a delivery, compute the lowercase hex HMAC-SHA256 of{" "}
        <code className="font-mono">raw_body + &quot;:&quot; + {WEBHOOK_TIMESTAMP_HEADER}</code> with this key and compare it with{" "}
        <code className="font-mono">{WEBHOOK_SIGNATURE_HEADER}</code>.
      </p>
      <Button variant="secondary" onClick={onDone}>
        I&apos;ve stored the key — hide it
      </Button>
    </section>
  );
}
