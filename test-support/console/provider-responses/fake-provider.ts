import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { matchOperation, providerOperations, type ProviderOperation } from "@/test-support/gateway/provider/operations";
import { providerSchemas } from "@/test-support/gateway/provider/schemas";
import { generateInstance, rotationLength, variantName, type JsonSchema, type Variant } from "./generate";

// A fake of the real provider: a node:http server on 127.0.0.1 (port 0) that answers every operation
// of the provider's sdk.gen.ts with a body generated from its declared success response in
// types.gen.ts (lowest 2xx status of `<Operation>Responses`), for the current variant. It accepts any
// bearer token and any client on its OAuth token endpoint (so the console's client-credentials,
// refresh and customer-token flows work), and records every call: which operation, or none when the
// provider has no such path (a call the real provider would answer 404).

export interface RecordedCall {
  method: string;
  path: string;
  /** The provider's operation (sdk.gen.ts name), or null when the provider has no such operation. */
  operation: string | null;
  status: number;
  variant: string;
}

export interface FakeProvider {
  url: string;
  /** The variant every answer is generated for (tests switch it between runs). */
  variant: Variant;
  calls: RecordedCall[];
  /** Longest enum or union among the success responses of these operations (all when omitted). */
  rotationLength(operations?: Iterable<string>): number;
  /** The generated success body of an operation (status and body), as the server would answer it. */
  answer(op: ProviderOperation, pathname: string): { status: number; body: unknown };
  close(): Promise<void>;
}

/** The declared success status and schema of an operation, or null when it declares none. */
export function successResponse(
  op: ProviderOperation,
  definitions: Record<string, unknown>,
): { status: number; schema: JsonSchema } | null {
  const responses = definitions[op.responsesType] as { properties?: Record<string, JsonSchema> } | undefined;
  const statuses = Object.keys(responses?.properties ?? {})
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b);
  const status = statuses[0];
  if (status === undefined) return null;
  return { status, schema: responses!.properties![String(status)]! };
}

/** `/v1/employments/abc` → "abc": a show endpoint answers for the id it was asked. */
function trailingParam(op: ProviderOperation, pathname: string): string | undefined {
  const template = op.url.split("/").filter(Boolean);
  const actual = pathname.split("/").filter(Boolean);
  const last = template.length - 1;
  return template[last]?.startsWith("{") ? decodeURIComponent(actual[last] ?? "") : undefined;
}

export async function startFakeProvider(options: { variant?: Variant } = {}): Promise<FakeProvider> {
  const { definitions } = await providerSchemas();
  const calls: RecordedCall[] = [];
  const rotations = new Map<string, number>();
  const state: { variant: Variant } = { variant: options.variant ?? { mode: "full", offset: 0 } };

  const answer = (op: ProviderOperation, pathname: string) => {
    const success = successResponse(op, definitions);
    if (!success) return { status: 204, body: undefined };
    const body = generateInstance(success.schema, {
      definitions,
      variant: state.variant,
      seed: `${op.name}:${pathname}`,
      primaryId: trailingParam(op, pathname),
    });
    return { status: success.status, body };
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader("x-request-id", `fake-${calls.length}`);
    if (body === undefined || status === 204) {
      res.end();
      return;
    }
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // Drain the request body (forms, JSON); the fake answers every request with the declared shape.
    for await (const chunk of req) void chunk;
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const method = (req.method ?? "GET").toUpperCase();
    // Test hook for the browser run: GET /__fake/variant?mode=full&offset=2 switches the variant.
    if (url.pathname === "/__fake/variant") {
      const mode = url.searchParams.get("mode");
      if (mode === "minimal" || mode === "full") state.variant = { mode, offset: Number(url.searchParams.get("offset") ?? "0") || 0 };
      send(res, 200, { variant: variantName(state.variant) });
      return;
    }
    if (url.pathname === "/__fake/calls") {
      send(res, 200, { calls });
      return;
    }
    const op = matchOperation(method, url.pathname.replace(/\/+$/, "") || "/");
    if (!op) {
      calls.push({ method, path: url.pathname, operation: null, status: 404, variant: variantName(state.variant) });
      send(res, 404, { message: `the provider has no operation ${method} ${url.pathname}` });
      return;
    }
    const { status, body } = answer(op, url.pathname);
    calls.push({ method, path: url.pathname, operation: op.name, status, variant: variantName(state.variant) });
    send(res, status, body);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      calls.push({ method: req.method ?? "GET", path: req.url ?? "", operation: null, status: 500, variant: variantName(state.variant) });
      send(res, 500, { message: `fake provider failed: ${(error as Error).message}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get variant() {
      return state.variant;
    },
    set variant(v: Variant) {
      state.variant = v;
    },
    calls,
    answer,
    rotationLength(operations) {
      const names = operations ? new Set(operations) : null;
      let longest = 1;
      for (const op of providerOperations()) {
        if (names && !names.has(op.name)) continue;
        let length = rotations.get(op.name);
        if (length === undefined) {
          const success = successResponse(op, definitions);
          length = success ? rotationLength(success.schema, definitions) : 1;
          rotations.set(op.name, length);
        }
        longest = Math.max(longest, length);
      }
      return longest;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
