import "server-only";
import { z } from "zod";
import type { GatewayConfig } from "./context";
import { methodsOf, type AnyRoute } from "./route";

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({ name, in: "query", required: required.has(name), schema: s }));
}

/** Every authenticated POST takes one (idempotency.ts). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a retry safe: the same key and request within 24 hours replay the first answer (Idempotent-Replayed: true) without a second effect; the same key with another request is a 422.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
};

/** The OpenAPI 3.1 document of every route, generated from the zod contract. */
export function buildOpenApiDocument(routes: readonly AnyRoute[], config: Pick<GatewayConfig, "environment" | "baseUrl">) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    for (const method of methodsOf(route)) {
      const pathParams = [...route.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => ({
        name: m[1],
        in: "path",
        required: true,
        schema: { type: "string" },
      }));
      const operation: Record<string, unknown> = {
        operationId: methodsOf(route).length > 1 ? `${method}_${route.operationId}` : route.operationId,
        summary: route.summary,
        tags: [route.tag],
        parameters: [
          ...pathParams,
          ...queryParameters(route.query),
          ...(method === "post" && route.auth.kind !== "none" ? [IDEMPOTENCY_KEY_PARAMETER] : []),
        ],
        responses: Object.fromEntries(
          Object.entries(route.responses).map(([status, r]) => [
            status,
            {
              description: r.description,
              ...(r.schema || r.contentType
                ? { content: { [r.contentType ?? "application/json"]: r.schema ? { schema: toSchema(r.schema, "output") } : {} } }
                : {}),
            },
          ]),
        ),
      };
      if (route.auth.kind !== "none") operation.security = [{ bearer: [] }];
      else operation.security = [];
      if (route.body) {
        operation.requestBody = {
          required: true,
          content: { [route.bodyContentType ?? "application/json"]: { schema: toSchema(route.body, "input") } },
        };
      }
      if (route.sandboxOnly) operation["x-sandbox-only"] = true;
      (paths[route.path] ??= {})[method] = operation;
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Employment Management API",
      version: "1.0.0",
      description: `Embedded implementation (${config.environment}).`,
    },
    servers: [{ url: config.baseUrl, description: config.environment }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
