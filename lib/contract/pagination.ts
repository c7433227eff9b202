import { z } from "zod";

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./enums";

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a positive integer`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be at least 1`));

/** `page` (1-based) and `page_size` (1..100) of DECISIONS.md. */
export const PaginationQuerySchema = z.object({
  page: positiveInt("page").optional().default(1),
  page_size: positiveInt("page_size")
    .pipe(z.number().max(MAX_PAGE_SIZE, `page_size must be at most ${MAX_PAGE_SIZE}`))
    .optional()
    .default(DEFAULT_PAGE_SIZE),
});
export type Pagination = { page: number; pageSize: number };

/**
 * A query filter of one value or several, comma separated (`status=active,pending`): absent or empty
 * is no filter; any part the schema refuses is a 422 naming it (`Unknown <label> '<part>'`).
 */
export function commaSeparatedQuery<T extends z.ZodType<string>>(schema: T, label: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const parts = v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      for (const p of parts) {
        if (!schema.safeParse(p).success) {
          ctx.addIssue({ code: "custom", message: `Unknown ${label} '${p}'` });
          return z.NEVER;
        }
      }
      return parts as z.infer<T>[];
    });
}

/** The list envelope of DECISIONS.md: `{data: {<plural>: [...], current_page, total_count, total_pages}}`. */
export function listEnvelopeSchema<K extends string, T extends z.ZodType>(plural: K, item: T) {
  return z.object({
    data: z.object({
      [plural]: z.array(item),
      current_page: z.number().int(),
      total_count: z.number().int(),
      total_pages: z.number().int(),
    } as { [P in K]: z.ZodArray<T> } & {
      current_page: z.ZodNumber;
      total_count: z.ZodNumber;
      total_pages: z.ZodNumber;
    }),
  });
}

export function resourceEnvelopeSchema<K extends string, T extends z.ZodType>(singular: K, item: T) {
  return z.object({ data: z.object({ [singular]: item } as { [P in K]: T }) });
}

export const OkEnvelopeSchema = z.object({ data: z.object({ status: z.literal("ok") }) });

/**
 * The list envelope as the provider types it (`data?: {<plural>?, current_page?, total_count?,
 * total_pages?}`), read as the envelope above: what is absent reads as an empty first page. The parsed
 * type, and what Roster sends, are those of `listEnvelopeSchema`.
 */
export function providerListEnvelopeSchema<K extends string, T extends z.ZodType>(plural: K, item: T) {
  const envelope = listEnvelopeSchema(plural, item);
  const page = envelope.shape.data;
  return z.object({
    data: z.preprocess((raw) => {
      const d = (raw ?? {}) as Record<string, unknown>;
      const items = (d[plural] ?? []) as unknown[];
      return {
        ...d,
        [plural]: items,
        current_page: d.current_page ?? 1,
        total_count: d.total_count ?? items.length,
        total_pages: d.total_pages ?? (items.length > 0 ? 1 : 0),
      };
    }, page),
  });
}
