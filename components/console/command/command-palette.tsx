"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ModalDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { QueryProvider } from "@/components/console/query-provider";
import { switchEnvironment } from "@/components/console/environment-switching";
import { COMPANY_LINKS, type NavLink } from "@/components/console/nav-links";
import { PARTNER_LINKS } from "@/components/console/partner/partner-nav-links";
import { signOut } from "@/components/console/user-menu-panel";
import { describeApiError } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/to-payload";
import { employmentHref, EMPLOYMENTS_PATH } from "@/lib/console/employments/links";
import { PALETTE_SEARCH_DEBOUNCE_MS, PALETTE_SEARCH_MAX } from "@/lib/console/employments/palette-search";
import { EMPLOYMENT_DIRECTORY_QUERY } from "@/lib/console/payslips/employment-directory";
import type { PublicSession } from "@/lib/console/session-types";
import { ENVIRONMENTS } from "@/lib/contract/environments";
import { formatDateTime } from "@/lib/console/format";
import { employmentSearchQuery } from "@/lib/queries/employment-search";
import { employmentListQuery } from "@/lib/queries/employments";
import { scopeOf } from "@/lib/queries/scope";

const NEW_EMPLOYMENT_HREF = `${EMPLOYMENTS_PATH}/new`;

/** The pages of the session's navigation: the partner view's, then the company's once one is chosen. */
export function palettePages(session: Pick<PublicSession, "kind" | "company">): readonly NavLink[] {
  if (session.kind !== "operator") return COMPANY_LINKS;
  return session.company ? [...PARTNER_LINKS, ...COMPANY_LINKS] : PARTNER_LINKS;
}

const itemClass =
  "group flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-900 aria-selected:bg-brand-600 aria-selected:text-white dark:text-slate-100";
const groupClass =
  "[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-600 dark:[&_[cmdk-group-heading]]:text-slate-400";

/** `value` once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Characters typed before the palette searches every employment on the server. */
const SEARCH_MIN = 2;

/**
 * The command palette (cmdk in the console's modal dialog): the session's pages, the company's
 * employments by name or e-mail (the employment directory's first 100 at once, and, once two
 * characters are typed, a debounced search of every employment of the company through the BFF:
 * the read model when synced, else the API), and the actions new employment, switch environment
 * and sign out.
 */
type PaletteProps = { open: boolean; onClose: () => void; session: PublicSession };

/**
 * The palette brings TanStack Query's provider with it: it is part of the console's shell, above the
 * route segments' providers (components/console/query-provider.tsx); in the browser it shares the tab's client.
 */
export default function CommandPalette(props: PaletteProps) {
  return (
    <QueryProvider>
      <Palette {...props} />
    </QueryProvider>
  );
}

function Palette({ open, onClose, session }: PaletteProps) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hasCompany = Boolean(session.company);
  const employments = useQuery({
    ...employmentListQuery(scopeOf(session), EMPLOYMENT_DIRECTORY_QUERY),
    enabled: open && hasCompany,
    staleTime: 60_000,
  });
  const typed = useDebounced(search.trim().slice(0, PALETTE_SEARCH_MAX), PALETTE_SEARCH_DEBOUNCE_MS);
  const searching = open && hasCompany && typed.length >= SEARCH_MIN;
  const found = useQuery({
    ...employmentSearchQuery(scopeOf(session), typed),
    enabled: searching,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const directory = employments.data?.employments ?? [];
  const inDirectory = new Set(directory.map((e) => e.id));
  const beyond = searching ? (found.data?.matches ?? []).filter((m) => !inDirectory.has(m.id)) : [];
  const operator = session.kind === "operator";
  const target = ENVIRONMENTS.find((e) => e !== session.environment) ?? session.environment;

  const close = () => {
    setSearch("");
    setError(null);
    onClose();
  };
  const go = (href: string) => {
    close();
    router.push(href);
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      locked={busy !== null}
      initialFocus={input}
      title="Go to"
      description="A page, an employment (by name or e-mail) or an action. Arrow keys choose, Enter opens, Escape closes."
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <Command label="Go to a page, an employment or an action" loop>
        <Command.Input
          ref={input}
          value={search}
          onValueChange={setSearch}
          placeholder="Type a page, a name or an e-mail…"
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <Command.List className="mt-2 max-h-[55vh] overflow-y-auto">
          <Command.Empty className="px-3 py-6 text-center text-sm text-slate-700 dark:text-slate-300">
            {searching && found.isFetching ? "Searching…" : "Nothing matches."}
          </Command.Empty>
          <Command.Group heading="Pages" className={groupClass}>
            {palettePages(session).map((l) => (
              <Command.Item key={l.href} value={`page ${l.label}`} keywords={[l.href]} onSelect={() => go(l.href)} className={itemClass}>
                <span>{l.label}</span>
                <span className="text-xs text-slate-600 group-aria-selected:text-white dark:text-slate-400">Page</span>
              </Command.Item>
            ))}
          </Command.Group>
          {hasCompany ? (
            <Command.Group heading="Employments" className={groupClass}>
              {employments.isPending ? (
                <Command.Loading>
                  <span className="flex items-center gap-2 px-3 py-2 text-sm text-slate-700 dark:text-slate-300">
                    <Spinner /> Loading employments…
                  </span>
                </Command.Loading>
              ) : null}
              {employments.isError ? (
                <p role="alert" className="px-3 py-2 text-sm text-red-700 dark:text-red-300">
                  Employments could not be loaded: {describeApiError(toErrorPayload(employments.error))}
                </p>
              ) : null}
              {directory.map((e) => {
                const email = e.personal_email ?? e.work_email ?? e.login_email ?? "";
                return (
                  <Command.Item
                    key={e.id}
                    value={`employment ${e.full_name} ${e.id}`}
                    keywords={[e.personal_email, e.work_email, e.login_email, e.job_title].filter((k): k is string => Boolean(k))}
                    onSelect={() => go(employmentHref(e.id))}
                    className={itemClass}
                  >
                    <span>
                      {e.full_name}
                      {e.job_title ? (
                        <span className="text-slate-600 group-aria-selected:text-white dark:text-slate-400"> · {e.job_title}</span>
                      ) : null}
                    </span>
                    <span className="truncate text-xs text-slate-600 group-aria-selected:text-white dark:text-slate-400">{email}</span>
                  </Command.Item>
                );
              })}
              {beyond.map((m) => (
                <Command.Item
                  key={m.id}
                  value={`employment ${m.full_name} ${m.id}`}
                  keywords={[m.email, m.job_title].filter((k): k is string => Boolean(k))}
                  onSelect={() => go(employmentHref(m.id))}
                  className={itemClass}
                >
                  <span>
                    {m.full_name}
                    {m.job_title ? (
                      <span className="text-slate-600 group-aria-selected:text-white dark:text-slate-400"> · {m.job_title}</span>
                    ) : null}
                  </span>
                  <span className="truncate text-xs text-slate-600 group-aria-selected:text-white dark:text-slate-400">
                    {m.email ?? ""}
                  </span>
                </Command.Item>
              ))}
            </Command.Group>
          ) : null}
          <Command.Group heading="Actions" className={groupClass}>
            {hasCompany ? (
              <Command.Item
                value="action New employment"
                keywords={["create", "add", "hire"]}
                onSelect={() => go(NEW_EMPLOYMENT_HREF)}
                className={itemClass}
              >
                New employment
              </Command.Item>
            ) : null}
            <Command.Item
              value={`action Switch to ${ENVIRONMENT_LABELS[target]}`}
              keywords={["environment", "sandbox", "production"]}
              disabled={busy !== null}
              onSelect={() => {
                setBusy("switch");
                setError(null);
                void switchEnvironment({ current: session.environment, connected: session.environments, operator }).then((message) => {
                  setError(message);
                  setBusy(null);
                });
              }}
              className={itemClass}
            >
              <span>{busy === "switch" ? "Switching…" : `Switch to ${ENVIRONMENT_LABELS[target]}`}</span>
              {busy === "switch" ? <Spinner /> : null}
            </Command.Item>
            <Command.Item
              value="action Sign out"
              keywords={["log out", "logout"]}
              disabled={busy !== null}
              onSelect={() => {
                setBusy("sign-out");
                setError(null);
                signOut().catch((err: unknown) => {
                  setBusy(null);
                  setError(`Sign-out failed: ${describeApiError(toErrorPayload(err))}`);
                });
              }}
              className={itemClass}
            >
              <span>{busy === "sign-out" ? "Signing out…" : "Sign out"}</span>
              {busy === "sign-out" ? <Spinner /> : null}
            </Command.Item>
          </Command.Group>
        </Command.List>
        {/* The server search's state, outside the listbox (whose children may only be options and groups). */}
        {searching ? (
          <div aria-live="polite" className="px-3 pt-2 text-xs text-slate-700 dark:text-slate-300">
            {found.isFetching ? (
              <p className="flex items-center gap-2">
                <Spinner /> Searching every employment…
              </p>
            ) : found.isError ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                The search failed: {describeApiError(toErrorPayload(found.error))}
              </p>
            ) : found.data && !found.data.complete ? (
              <p>
                {found.data.source === "readmodel"
                  ? "More employments match: type more of the name or e-mail."
                  : found.data.source === "readmodel+api" && found.data.syncedAt
                    ? `Searched every employment as of ${formatDateTime(found.data.syncedAt)}, and only the API's first pages since: type the full personal e-mail.`
                    : "Not every employment was searched (the API has no search): type more of the name, or the full personal e-mail."}
              </p>
            ) : found.data?.source === "readmodel" && found.data.syncedAt ? (
              <p className="text-slate-600 dark:text-slate-400">Searched every employment as of {formatDateTime(found.data.syncedAt)}.</p>
            ) : found.data?.source === "readmodel+api" && found.data.syncedAt ? (
              <p className="text-slate-600 dark:text-slate-400">
                Searched every employment as of {formatDateTime(found.data.syncedAt)}, and the API just now.
              </p>
            ) : null}
          </div>
        ) : null}
      </Command>
      <p role="status" aria-live="polite" className="text-sm text-red-700 empty:hidden dark:text-red-300">
        {error}
      </p>
    </ModalDialog>
  );
}
