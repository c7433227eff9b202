import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { ONBOARDING_TASK_KEYS, WebhookPayloadSchemas, type WebhookEventType } from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import type { DbOrTx } from "../db/client";
import { employmentFiles } from "../db/schema";
import { getEmploymentOrThrow, type EmploymentRow } from "./employments";
import { emitEvent } from "./outbox";
import { assertCanManageWebhooks } from "./webhooks";

// POST /v1/sandbox/webhook-callbacks/trigger: emits any event on demand for an employment of the
// token's company, through the same outbox as real changes. The payload carries the ids its schema
// names (lib/contract WebhookPayloadSchemas): the employment's own, an existing file for an agreement
// when there is one, and generated ids for resources this API does not hold (payslips, expenses...).

/** Fields of a payload schema besides event_type, read from the schema itself. */
function payloadFields(eventType: WebhookEventType): string[] {
  const schema = WebhookPayloadSchemas[eventType] as unknown as { shape: Record<string, unknown> };
  return Object.keys(schema.shape).filter((k) => k !== "event_type");
}

async function agreementFileId(db: DbOrTx, employment: EmploymentRow): Promise<string | null> {
  const [file] = await db
    .select({ id: employmentFiles.id })
    .from(employmentFiles)
    .where(and(eq(employmentFiles.employmentId, employment.id), eq(employmentFiles.type, "contract")))
    .orderBy(asc(employmentFiles.insertedAt))
    .limit(1);
  return file?.id ?? null;
}

/** The payload of a sandbox event for an employment (without event_type). */
export async function buildSandboxPayload(
  db: DbOrTx,
  eventType: WebhookEventType,
  employment: EmploymentRow,
): Promise<Record<string, string>> {
  const payload: Record<string, string> = {};
  for (const field of payloadFields(eventType)) {
    if (field === "company_id") payload[field] = employment.companyId;
    else if (field === "employment_id" || field === "employment_slug") payload[field] = employment.id;
    else if (field === "file_id") payload[field] = (await agreementFileId(db, employment)) ?? randomUUID();
    else if (field === "onboarding_task") {
      payload[field] = ONBOARDING_TASK_KEYS.find((k) => employment.onboardingTasks[k] !== "completed") ?? ONBOARDING_TASK_KEYS[0];
    } else payload[field] = randomUUID();
  }
  return payload;
}

export async function triggerSandboxWebhook(
  deps: GatewayDeps,
  principal: Principal,
  input: { employmentId: string; eventType: WebhookEventType },
): Promise<{ id: string; event_type: WebhookEventType; payload: Record<string, unknown> }> {
  return deps.db.transaction(async (tx) => {
    const employment = await getEmploymentOrThrow(tx, principal.companyId!, input.employmentId);
    assertCanManageWebhooks(principal);
    const payload = await buildSandboxPayload(tx, input.eventType, employment);
    const id = await emitEvent(tx, deps.clock.now(), input.eventType, payload as never);
    return { id, event_type: input.eventType, payload: { event_type: input.eventType, ...payload } };
  });
}
