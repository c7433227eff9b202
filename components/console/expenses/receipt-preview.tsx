"use client";

import { useCallback, useEffect, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { EmploymentFile } from "@/lib/contract";
import { formatDateTime } from "@/lib/console/format";
import { previewKind } from "@/lib/console/expenses/receipts";
import { receiptPath } from "@/lib/console/expenses/links";
import { withScope, type QueryScope } from "@/lib/queries/scope";
import { ErrorBanner } from "@/components/console/error-banner";

/** Reads the BFF's `{error}` of a receipt that failed to load, so the API's message and request id show. */
async function errorOf(url: string): Promise<ApiErrorPayload> {
  try {
    const res = await fetch(url, { credentials: "same-origin" });
    const body = (await res.json().catch(() => null)) as { error?: ApiErrorPayload } | null;
    return (
      body?.error ?? {
        kind: "server",
        status: res.status,
        message: `The receipt could not be loaded (HTTP ${res.status})`,
        requestId: res.headers.get("x-request-id"),
      }
    );
  } catch (e) {
    return { kind: "network", status: 0, message: (e as Error).message, requestId: null };
  }
}

/**
 * A PDF shown from a blob: URL. The console's pages answer `X-Frame-Options: DENY` (next.config.ts),
 * which also stops a frame of the BFF's own URL; a blob: URL has no headers, and fetching it first
 * lets a failure show the API's message instead of a broken frame.
 */
function PdfFrame({ url, title, onError }: { url: string; title: string; onError: (e: ApiErrorPayload) => void }) {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let created: string | null = null;
    fetch(url, { credentials: "same-origin", signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { error?: ApiErrorPayload } | null;
          onError(
            body?.error ?? {
              kind: "server",
              status: res.status,
              message: `The receipt could not be loaded (HTTP ${res.status})`,
              requestId: res.headers.get("x-request-id"),
            },
          );
          return;
        }
        created = URL.createObjectURL(await res.blob());
        setBlobUrl(created);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) onError({ kind: "network", status: 0, message: (e as Error).message, requestId: null });
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, onError]);
  if (!blobUrl) return <Skeleton className="h-[32rem] w-full" />;
  return <iframe src={blobUrl} title={title} className="h-[32rem] w-full rounded border border-slate-200 bg-white dark:border-slate-700" />;
}

/**
 * One receipt: images inline, PDFs in a frame (same-origin, streamed by the BFF with the API's content
 * type), other kinds (CSV, XLSX, HEIC) as a download. Every receipt can be downloaded.
 */
export function ReceiptPreview({
  scope,
  expenseId,
  file,
  index,
}: {
  scope: QueryScope;
  expenseId: string;
  file: EmploymentFile;
  index: number;
}) {
  const kind = previewKind(file);
  const inlineUrl = withScope(receiptPath(expenseId, file.id), scope);
  const downloadUrl = withScope(receiptPath(expenseId, file.id, { download: true }), scope);
  const [error, setError] = useState<ApiErrorPayload | null>(null);
  const failed = () => void errorOf(inlineUrl).then(setError);
  const onPdfError = useCallback((e: ApiErrorPayload) => setError(e), []);
  const label = `Receipt ${index + 1}: ${file.name}`;
  return (
    <Card aria-label={label}>
      <CardHeader
        level={3}
        title={file.name}
        description={`${(file.sub_type ?? "file").toUpperCase()} · uploaded ${formatDateTime(file.inserted_at)}`}
        actions={
          <>
            {kind !== "download" ? (
              <a href={inlineUrl} target="_blank" rel="noopener" className={buttonClasses({ variant: "ghost", size: "sm" })}>
                Open<span className="sr-only"> {file.name} in a new tab</span>
              </a>
            ) : null}
            <a href={downloadUrl} download={file.name} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Download<span className="sr-only"> {file.name}</span>
            </a>
          </>
        }
      />
      <CardBody>
        {error ? (
          <ErrorBanner operation="expenses.read" error={error} />
        ) : kind === "image" ? (
          // A plain <img>: the receipt is private and streamed by the BFF; next/image would cache it.
          <img
            src={inlineUrl}
            alt={`Receipt ${file.name}`}
            onError={failed}
            className="max-h-[32rem] min-h-16 w-auto min-w-16 max-w-full rounded border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0%_25%,#fff_0%_50%)] bg-[length:16px_16px] object-contain dark:border-slate-700"
          />
        ) : kind === "pdf" ? (
          <PdfFrame url={inlineUrl} title={label} onError={onPdfError} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">No preview for this kind of file: download it to open it.</p>
        )}
      </CardBody>
    </Card>
  );
}
