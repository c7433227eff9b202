import "server-only";
import { randomUUID } from "node:crypto";
import type { Employment, Environment } from "@/lib/contract";
import type { ApiClient } from "../api-client";
import { ApiRequestError } from "../../api-errors";
import type { ConsoleDb } from "../db/client";
import type { StoredCompany } from "../db/schema";
import type { Logger } from "@/lib/logger";
import { getEmployment } from "../employments/api";
import { applyEmploymentAnswer } from "./sync";
import { deleteEmployment, deletePendingItem, upsertPendingItems, whileConsented, type CompanyRef, type PendingKind } from "./store";

// Write-through (issue 13: "after a write the read model takes the API's answer at once"). Every API
// client of a console session (lib/console/server/session.ts) carries this as its `afterWrite`, so
// every write made through the console, from any BFF route or server action, passes here once:
// - an employment's update (PATCH v1|v2/employments/{id}, the sandbox activation) answers the
//   employment: its row is upserted from the answer;
// - an employment's creation answers only its basic fields, and an invitation only `ok`: that one
//   employment is re-read at once (one interactive call, with the same client);
// - a time off or expense answer (created, approved, declined, cancelled) keeps or removes its
//   pending item: pending while `requested` / `pending`, gone otherwise.
// Nothing is written for a company without a source (whileConsented), nor when the read model is off.
// A failure is logged and never changes the user's answer: the webhook and the next sync catch up.

export interface WriteThroughDeps {
  db: ConsoleDb;
  logger: Logger;
}

const EMPLOYMENT_ANSWER = /^v[12]\/(?:sandbox\/)?employments\/([^/]+)$/;
const EMPLOYMENT_REREAD = [/^v1\/employments$/, /^v1\/employments\/([^/]+)\/invite$/];
const PENDING: { pattern: RegExp; kind: PendingKind; key: "timeoff" | "expense"; pending: string }[] = [
  { pattern: /^v1\/timeoff(?:\/[^/]+)?$/, kind: "time_off", key: "timeoff", pending: "requested" },
  { pattern: /^v1\/expenses(?:\/[^/]+)?$/, kind: "expense", key: "expense", pending: "pending" },
];

type Answer = { data?: Record<string, unknown> } | undefined;

const dataOf = (answer: unknown, key: string): Record<string, unknown> | null => {
  const value = (answer as Answer)?.data?.[key];
  return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
};

/** Applies one write's answer to the read model; answers what it did (tests read it). */
export async function applyWriteAnswer(
  deps: WriteThroughDeps,
  scope: { environment: Environment; company: StoredCompany },
  info: { method: string; path: string; answer: unknown },
  api: ApiClient,
): Promise<"employment" | "reread" | "pending" | "removed" | "none"> {
  const ref: CompanyRef = { environment: scope.environment, company: scope.company };
  const path = info.path.replace(/^\/+/, "").split("?")[0]!;
  try {
    const updated = EMPLOYMENT_ANSWER.exec(path);
    const employment = dataOf(info.answer, "employment");
    if (updated && employment && "onboarding_tasks" in employment) {
      await applyEmploymentAnswer(deps.db, ref, employment as unknown as Employment);
      return "employment";
    }
    const reread = EMPLOYMENT_REREAD.map((p) => p.exec(path)).find(Boolean);
    const id = reread ? (reread[1] ?? (typeof employment?.id === "string" ? employment.id : null)) : null;
    if (id) {
      let shown: Employment | null = null;
      try {
        shown = await getEmployment(api, decodeURIComponent(id));
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
      }
      if (shown) await applyEmploymentAnswer(deps.db, ref, shown);
      else await whileConsented(deps.db, ref, (tx) => deleteEmployment(tx, ref, decodeURIComponent(id)));
      return "reread";
    }
    for (const p of PENDING) {
      if (!p.pattern.test(path)) continue;
      const item = dataOf(info.answer, p.key);
      if (!item || typeof item.id !== "string") return "none";
      const itemId = item.id;
      if (item.status === p.pending) {
        const at = new Date();
        await whileConsented(deps.db, ref, (tx) =>
          upsertPendingItems(tx, ref, p.kind, [item as { id: string; employment_id?: string | null }], `write:${randomUUID()}`, at),
        );
        return "pending";
      }
      await whileConsented(deps.db, ref, (tx) => deletePendingItem(tx, ref, p.kind, itemId));
      return "removed";
    }
    return "none";
  } catch (error) {
    deps.logger.warn(
      { event: "readmodel.write_through_failed", environment: scope.environment, reason: (error as Error).message },
      "read model write-through failed",
    );
    return "none";
  }
}

/** The `afterWrite` of a session's API client (null when the read model is off or there is no company). */
export function writeThroughFor(
  deps: WriteThroughDeps & { enabled: boolean },
  scope: { environment: Environment; company: StoredCompany | null | undefined },
): ((info: { method: string; path: string; answer: unknown }, api: ApiClient) => Promise<void>) | undefined {
  const company = scope.company;
  if (!deps.enabled || !company) return undefined;
  return async (info, api) => {
    await applyWriteAnswer(deps, { environment: scope.environment, company }, info, api);
  };
}
