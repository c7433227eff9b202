import "server-only";
import { randomUUID } from "node:crypto";
import { WebhookPayloadSchemas, type WebhookEventType, type WebhookPayload } from "@/lib/contract";
import type { DbOrTx } from "../db/client";
import { outboxEvents } from "../db/schema";

/**
 * Writes an event to the outbox. Call it with the transaction of the change that causes it, so the
 * event exists exactly when the change does; the dispatcher delivers it later.
 */
export async function emitEvent<T extends WebhookEventType>(
  tx: DbOrTx,
  now: Date,
  eventType: T,
  payload: Omit<WebhookPayload<T>, "event_type">,
): Promise<string> {
  const full = WebhookPayloadSchemas[eventType].parse({ event_type: eventType, ...payload }) as Record<string, unknown>;
  const id = randomUUID();
  await tx.insert(outboxEvents).values({
    id,
    companyId: (full.company_id as string | undefined) ?? null,
    eventType,
    payload: full,
    createdAt: now,
  });
  return id;
}
