import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  validateCustomFieldValue,
  type CreateCustomFieldBody,
  type CustomField,
  type CustomFieldListResponse,
  type CustomFieldType,
  type CustomFieldValue,
  type CustomFieldDataEntryAccess,
  type EmploymentCustomFieldValueListResponse,
  type CustomFieldValueData,
  type CustomFieldVisibilityScope,
  selectValueOf,
} from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { customFields, customFieldValues } from "../db/schema";
import { fieldErrors, forbidden, notFound } from "../errors";
import { UUID_RE, assertCanWrite, getEmploymentOrThrow } from "./employments";

// Custom field definitions belong to a company; values belong to (field, employment). Neither has an
// event in spec 6, so nothing is written to the outbox.

export type CustomFieldRow = typeof customFields.$inferSelect;

/** The provider's EmploymentCustomField: `metadata` holds a select's options or a currency field's currency. */
export const serializeCustomField = (row: CustomFieldRow): CustomField => ({
  id: row.id,
  name: row.name,
  type: row.type as CustomFieldType,
  required: row.required,
  data_entry_access: row.dataEntryAccess as CustomFieldDataEntryAccess,
  visibility_scope: row.visibilityScope as CustomFieldVisibilityScope,
  metadata:
    row.type === "single_select" ? { options: row.options ?? [] } : row.type === "currency" ? { currency: row.currency ?? null } : null,
});

/** A stored value as returned: a single_select's option becomes `{selected_option, selected_option_label}`. */
export function serializeCustomFieldValue(field: Pick<CustomFieldRow, "type">, value: unknown): CustomFieldValueData {
  if (value === null || value === undefined) return null;
  if (field.type === "single_select" && typeof value === "string") return selectValueOf(value);
  return value as CustomFieldValueData;
}

export async function listCustomFields(db: DbOrTx, companyId: string, page: PageParams): Promise<CustomFieldListResponse> {
  const where = eq(customFields.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(customFields)
      .where(where)
      .orderBy(asc(customFields.createdAt), asc(customFields.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(customFields).where(where),
  ]);
  return paginate("custom_fields", rows.map(serializeCustomField), Number(total?.n ?? 0), page);
}

export async function getCustomFieldOrThrow(db: DbOrTx, companyId: string, id: string): Promise<CustomFieldRow> {
  if (!UUID_RE.test(id)) throw notFound("Custom field");
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.id, id), eq(customFields.companyId, companyId)));
  if (!row) throw notFound("Custom field");
  return row;
}

/** Definitions are company-wide settings: owners and admins only (people managers write their reports' values). */
function assertCanDefine(principal: Principal) {
  if (principal.role !== "owner" && principal.role !== "admin") throw forbidden();
}

const DUPLICATE_NAME = "has already been taken";
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
};

export async function createCustomField(deps: GatewayDeps, principal: Principal, body: CreateCustomFieldBody): Promise<CustomField> {
  assertCanDefine(principal);
  const companyId = principal.companyId!;
  const [dup] = await deps.db
    .select({ id: customFields.id })
    .from(customFields)
    .where(and(eq(customFields.companyId, companyId), sql`lower(${customFields.name}) = lower(${body.name})`));
  if (dup) throw fieldErrors({ name: [DUPLICATE_NAME] });
  const now = deps.clock.now();
  const row: CustomFieldRow = {
    id: randomUUID(),
    companyId,
    name: body.name,
    type: body.type,
    description: null,
    options: body.type === "single_select" ? (body.metadata?.options ?? null) : null,
    currency: body.type === "currency" ? (body.metadata?.currency ?? null) : null,
    required: body.required,
    dataEntryAccess: body.data_entry_access,
    visibilityScope: body.visibility_scope,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.db.insert(customFields).values(row);
  } catch (error) {
    // A concurrent create of the same name: the unique index decides.
    if (isUniqueViolation(error)) throw fieldErrors({ name: [DUPLICATE_NAME] });
    throw error;
  }
  return serializeCustomField(row);
}

/** The value of a field for an employment of the company; null when none was set. */
export async function showCustomFieldValue(
  db: DbOrTx,
  companyId: string,
  fieldId: string,
  employmentId: string,
): Promise<CustomFieldValue> {
  const field = await getCustomFieldOrThrow(db, companyId, fieldId);
  const employment = await getEmploymentOrThrow(db, companyId, employmentId);
  const [row] = await db
    .select({ value: customFieldValues.value })
    .from(customFieldValues)
    .where(and(eq(customFieldValues.customFieldId, field.id), eq(customFieldValues.employmentId, employment.id)));
  return { custom_field_id: field.id, value: serializeCustomFieldValue(field, row?.value) };
}

/** Sets (or, with null, clears) a value after checking it against the field's type. */
export async function setCustomFieldValue(
  deps: GatewayDeps,
  principal: Principal,
  fieldId: string,
  employmentId: string,
  value: unknown,
): Promise<CustomFieldValue> {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const field = await getCustomFieldOrThrow(tx, companyId, fieldId);
    const employment = await getEmploymentOrThrow(tx, companyId, employmentId);
    assertCanWrite(principal, employment);
    const problem = validateCustomFieldValue({ type: field.type as CustomFieldType, options: field.options }, value);
    if (problem) throw fieldErrors({ value: [problem] });
    const key = and(eq(customFieldValues.customFieldId, field.id), eq(customFieldValues.employmentId, employment.id));
    if (value === null) {
      await tx.delete(customFieldValues).where(key);
    } else {
      const now = deps.clock.now();
      await tx
        .insert(customFieldValues)
        .values({ customFieldId: field.id, employmentId: employment.id, companyId, value, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [customFieldValues.customFieldId, customFieldValues.employmentId], set: { value, updatedAt: now } });
    }
    return { custom_field_id: field.id, value: serializeCustomFieldValue(field, value) };
  });
}

/**
 * GET /v1/employments/{employment_id}/custom-fields: the company's definitions, oldest first and
 * paginated, each with the employment's value (null when unset).
 */
export async function listEmploymentCustomFieldValues(
  db: DbOrTx,
  companyId: string,
  employmentId: string,
  page: PageParams,
): Promise<EmploymentCustomFieldValueListResponse> {
  const employment = await getEmploymentOrThrow(db, companyId, employmentId);
  const where = eq(customFields.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ field: customFields, value: customFieldValues.value })
      .from(customFields)
      .leftJoin(
        customFieldValues,
        and(eq(customFieldValues.customFieldId, customFields.id), eq(customFieldValues.employmentId, employment.id)),
      )
      .where(where)
      .orderBy(asc(customFields.createdAt), asc(customFields.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(customFields).where(where),
  ]);
  return paginate(
    "custom_field_values",
    rows.map(({ field, value }) => ({
      custom_field_id: field.id,
      name: field.name,
      type: field.type as CustomFieldType,
      value: serializeCustomFieldValue(field, value),
    })),
    Number(total?.n ?? 0),
    page,
  );
}
