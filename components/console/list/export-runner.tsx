"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ErrorBanner } from "@/components/console/error-banner";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { decodeNotice, EXPORT_NOTICE_HEADER, type MissingScopeNotice } from "@/lib/console/auth/missing-scope";
import { BFF_HEADER } from "@/lib/console/bff-client";
import { createCsvRowCounter, EXPORT_TOTAL_HEADER, exportUrl, fileNameOfDisposition } from "@/lib/console/list/export";
import { withScope } from "@/lib/queries/scope";
import type { ExportButtonProps } from "./export-button";

// The running half of "Export CSV" (./export-button.tsx loads it on the first press).
// "Export CSV" for a list (docs/decisions/console-csv-export.md): downloads the whole filtered and
// sorted list (not the page) from the list's export route, counting the rows as they stream in
// ("1,200 of 4,000 rows"), cancellable, with the BFF's error banner when it fails. The list's filters
// come from the page's URL, so the file holds exactly what the list shows, in its order.

type ExportState =
  | { kind: "idle" }
  | { kind: "running"; rows: number; total: number | null }
  | { kind: "done"; rows: number; total: number | null; fileName: string; notice: MissingScopeNotice | null }
  | { kind: "cancelled"; rows: number }
  | { kind: "failed"; error: ApiErrorPayload; rows: number };

const number = new Intl.NumberFormat("en-GB");
const countOf = (n: number, noun: [string, string]) => `${number.format(n)} ${n === 1 ? noun[0] : noun[1]}`;

async function errorOf(res: Response): Promise<ApiErrorPayload> {
  const body = (await res.json().catch(() => null)) as { error?: ApiErrorPayload } | null;
  return (
    body?.error ?? {
      kind: res.status >= 500 ? "server" : "bad_request",
      status: res.status,
      message: `The export could not start (HTTP ${res.status}).`,
      requestId: res.headers.get("x-request-id"),
    }
  );
}

function saveFile(parts: BlobPart[], fileName: string) {
  const url = URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The export's button, progress, status and error, started at once (the user pressed "Export CSV" to load this). */
export default function ExportRunner({ endpoint, scope, noun, columns, operation }: ExportButtonProps) {
  const search = useSearchParams();
  const [state, setState] = useState<ExportState>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // Mounted by the press of the plain button: the export starts at once (a remount, as React's
  // development checks do, aborts the first run through the cleanup above and starts again).
  useEffect(() => {
    void run();
  }, []);

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "running", rows: 0, total: null });
    const url = withScope(exportUrl(endpoint, search?.toString() ?? "", columns), scope);
    let rows = 0;
    try {
      const res = await fetch(url, { headers: { [BFF_HEADER]: "1" }, credentials: "same-origin", signal: controller.signal });
      if (!res.ok || !res.body) {
        setState({ kind: "failed", error: await errorOf(res), rows: 0 });
        return;
      }
      const totalHeader = res.headers.get(EXPORT_TOTAL_HEADER);
      const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
      const fileName = fileNameOfDisposition(res.headers.get("content-disposition"), `${noun[1]}.csv`);
      // A column the connection's scopes could not fill (its header in the file says so too).
      const notice = decodeNotice(res.headers.get(EXPORT_NOTICE_HEADER));
      setState({ kind: "running", rows: 0, total });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const counter = createCsvRowCounter();
      const parts: BlobPart[] = [];
      let shown = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        rows = counter.push(decoder.decode(value, { stream: true }));
        // Re-render at most every 100 rows (a 100k-row list would otherwise render per chunk for nothing).
        if (rows - shown >= 100) {
          shown = rows;
          setState({ kind: "running", rows, total });
        }
      }
      saveFile(parts, fileName);
      setState({ kind: "done", rows: counter.rows, total, fileName, notice });
    } catch (error) {
      if (abort.current !== controller) return; // a later run took over (a remount)
      if (controller.signal.aborted) setState({ kind: "cancelled", rows });
      else
        setState({
          kind: "failed",
          rows,
          error: {
            kind: "network",
            status: 0,
            message: `The export stopped after ${countOf(rows, noun)} (${(error as Error).message}). No file was saved: try again.`,
            requestId: null,
          },
        });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  const running = state.kind === "running";
  return (
    // A failure or a notice takes the whole row under the status line (the banner needs the width); otherwise the button sits at its end.
    <div className={state.kind === "failed" || (state.kind === "done" && state.notice) ? "w-full space-y-2" : "space-y-2"}>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {running ? (
          <>
            <div className="min-w-48 flex-1 space-y-1 sm:max-w-xs">
              <Progress
                label={`Exporting ${noun[1]}`}
                value={state.rows}
                max={state.total ?? Math.max(state.rows, 1)}
                valueText={
                  state.total === null
                    ? `${number.format(state.rows)} rows`
                    : `${number.format(state.rows)} of ${number.format(state.total)} rows`
                }
              />
            </div>
            <Button variant="secondary" size="sm" onClick={() => abort.current?.abort()}>
              Cancel export
            </Button>
          </>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => void run()}>
            Export CSV
          </Button>
        )}
      </div>
      <p role="status" aria-live="polite" className="text-right text-sm text-slate-700 empty:hidden dark:text-slate-300">
        {state.kind === "running"
          ? state.total === null
            ? `Exporting… ${number.format(state.rows)} rows`
            : `Exporting… ${number.format(state.rows)} of ${number.format(state.total)} rows`
          : state.kind === "done"
            ? `Exported ${countOf(state.rows, noun)} to ${state.fileName}.${
                state.total !== null && state.total !== state.rows
                  ? ` The list changed while it was read: it had ${number.format(state.total)} when the export started.`
                  : ""
              }`
            : state.kind === "cancelled"
              ? `Export cancelled after ${number.format(state.rows)} rows. No file was saved.`
              : ""}
      </p>
      {state.kind === "done" && state.notice ? (
        <Alert
          tone="warning"
          title={`Exported without what ${state.notice.scope} reads`}
          actions={
            <ButtonLink size="sm" href={state.notice.action.href}>
              {state.notice.action.label}
            </ButtonLink>
          }
          className="text-left"
        >
          <p>{state.notice.message}</p>
        </Alert>
      ) : null}
      {state.kind === "failed" ? (
        <ErrorBanner
          role="alert"
          title="The export failed"
          operation={operation}
          error={state.error}
          actions={
            <Button variant="secondary" size="sm" onClick={() => void run()}>
              Try again
            </Button>
          }
        />
      ) : null}
    </div>
  );
}
